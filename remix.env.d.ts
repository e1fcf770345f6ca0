/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

/**
 * The href of the build's CSS-module bundle (our own components' stylesheets, ADR 0055). The
 * classic compiler answers this import itself (its css-bundle plugin writes the module), so the
 * package need not be installed; this gives it its type.
 */
declare module "@remix-run/css-bundle" {
  export const cssBundleHref: string | undefined;
}
