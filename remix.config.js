import { flatRoutes } from "remix-flat-routes";

/**
 * BUILD_DIR (optional) puts the server build and the browser assets under one other folder, so
 * several builds (parallel local work) do not overwrite each other; server.js reads the same
 * variable. Default: build/ and public/build/.
 */
const buildDir = process.env.BUILD_DIR;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  ...(buildDir ? { serverBuildPath: `${buildDir}/index.js`, assetsBuildDirectory: `${buildDir}/public/build` } : {}),
  serverModuleFormat: "esm",
  // app code imports Mantine's components file by file ("~mantine/…", tsconfig.json; ADR 0036), so
  // the server bundles those files: @mantine/core's index (which @mantine/tiptap imports)
  // must be bundled from the same files, or the server would hold two MantineProviders.
  // @tabler/icons-react is bundled so that the server keeps the two dozen icons it uses: its index
  // imports all 6,000, 63 MB resident in each of an instance's two threads (ADR 0072)
  serverDependenciesToBundle: [/^@mantine\/(core|tiptap)$/, /^@tabler\/icons-react$/],
  serverPlatform: "node",
  postcss: true,
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: ["**/*.test.*", "**/*.server.*", "**/__*", "**/*.css"],
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
