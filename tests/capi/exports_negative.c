/* A library whose exports break the rules check_exports.sh enforces: a
 * function outside the C API and no version nodes. capi_exports_negative
 * checks that the script refuses it and says why. */
int sdy_run_options_init(void) { return 0; }
int helper_leak(void) { return 1; }
