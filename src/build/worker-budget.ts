/**
 * The most minified code (without the site's data) the worker may have. It started at 64 KiB; the
 * browser paywall took it past, and x402 v2 will need more. 80 KiB keeps it small beside
 * Cloudflare's script size limit of megabytes.
 */
export const workerCodeBudget = 80 * 1024;
