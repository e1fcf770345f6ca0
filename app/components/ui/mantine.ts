/**
 * The one module that reaches into @mantine/core's files (issue 34; ADR 0036, ADR 0056).
 *
 * The product imports Mantine's components from here, never from "@mantine/core" (whose index
 * re-exports every component: the classic compiler's esbuild assigns a file to the chunks of every
 * page that reaches it, so the index put whatever any page used into every page) and never from a
 * Mantine file directly. Each line names the file of one component ("~mantine/*" is the
 * tsconfig.json alias: types from Mantine's lib/, code from its esm/), so a Mantine upgrade that
 * moves a file is this file's work; tests/unit/mantine-adapter.test.ts fails when a listed file is
 * gone or a module elsewhere in app/ reaches into the package.
 *
 * `import type` from "@mantine/core" stays allowed anywhere: types cost nothing.
 */

// the provider, the theme and the CSS variables the root writes into the page
export { Box, type BoxProps } from "~mantine/core/Box/Box";
export { getSpacing } from "~mantine/core/utils/get-size/get-size";
export { ColorSchemeScript } from "~mantine/core/MantineProvider/ColorSchemeScript/ColorSchemeScript";
export { mantineHtmlProps } from "~mantine/core/MantineProvider/mantine-html-props";
export { MantineProvider } from "~mantine/core/MantineProvider/MantineProvider";
export { createTheme } from "~mantine/core/MantineProvider/create-theme/create-theme";
export { convertCssVariables } from "~mantine/core/MantineProvider/convert-css-variables/convert-css-variables";
export { DEFAULT_THEME } from "~mantine/core/MantineProvider/default-theme";
export { getMergedVariables } from "~mantine/core/MantineProvider/MantineCssVariables/get-merged-variables";
export { removeDefaultVariables } from "~mantine/core/MantineProvider/MantineCssVariables/remove-default-variables";
export { mergeMantineTheme } from "~mantine/core/MantineProvider/merge-mantine-theme/merge-mantine-theme";

// the components, one file each
export { Anchor } from "~mantine/components/Anchor/Anchor";
export { Badge } from "~mantine/components/Badge/Badge";
export { Button } from "~mantine/components/Button/Button";
export { Card } from "~mantine/components/Card/Card";
export { Checkbox } from "~mantine/components/Checkbox/Checkbox";
export { CloseButton } from "~mantine/components/CloseButton/CloseButton";
export { Container } from "~mantine/components/Container/Container";
export { Fieldset } from "~mantine/components/Fieldset/Fieldset";
export { Group } from "~mantine/components/Group/Group";
export { NativeSelect } from "~mantine/components/NativeSelect/NativeSelect";
export { Paper } from "~mantine/components/Paper/Paper";
export { PasswordInput } from "~mantine/components/PasswordInput/PasswordInput";
export { Radio } from "~mantine/components/Radio/Radio";
export { SegmentedControl } from "~mantine/components/SegmentedControl/SegmentedControl";
export { SimpleGrid } from "~mantine/components/SimpleGrid/SimpleGrid";
export { Stack } from "~mantine/components/Stack/Stack";
export { Text } from "~mantine/components/Text/Text";
export { TextInput } from "~mantine/components/TextInput/TextInput";
export { Textarea } from "~mantine/components/Textarea/Textarea";
export { Title } from "~mantine/components/Title/Title";

// the class names of Mantine's table stylesheet, which our own Table draws its elements with
export { default as tableClasses } from "~mantine/components/Table/Table.module.css";
