/** The environment variable that names the global setup's database image (tests/pglite-image.setup.ts). */
export const IMAGE_ENV = "MEDU_TEST_PGLITE_IMAGE";
