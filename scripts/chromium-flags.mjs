// The flags Debian's chromium runs with in the browser tests and in `npm run lighthouse`: headless,
// and nothing that phones home (there may be no internet, and background fetches would only fail).
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
