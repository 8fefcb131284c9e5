/**
 * The body as UTF-8 text, or null when it is longer than `limit` bytes. A declared Content-Length over
 * the limit is refused before any byte is read; a chunked body is counted as it streams and cancelled
 * at the limit, so a huge upload is never held in memory.
 */
export async function readBody(request: Request, limit: number): Promise<string | null> {
  if (Number(request.headers.get('content-length')) > limit) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > limit) {
      // Not awaited: the answer need not wait for the platform to close the upload.
      reader.cancel().catch(() => {});
      return null;
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}
