/** The connection errors local workerd causes, not the server under test: no answer was received. */
const resetCodes = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * fetch, sent again (up to three attempts) when the connection is reset before any answer arrived.
 * Local workerd does that in two ways: under load it closes a kept-alive connection just as the next
 * request goes out on it, and it resets the connection right after answering a body it did not read
 * (a 413), so the reset can overtake the answer. Any answer, whatever its status, is returned as it is.
 */
export async function fetchDespiteReset(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (attempt === 3 || !code || !resetCodes.has(code)) throw error;
    }
  }
}
