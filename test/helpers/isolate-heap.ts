import type { Miniflare } from 'miniflare';
import { WebSocket } from 'undici';

/**
 * The V8 heap of the site worker's isolate in workerd, through the inspector of a runtime started
 * with `startWorkerd(..., { inspector: true })`: bytes in use once garbage is collected.
 */
export async function isolateHeapAfterCollection(miniflare: Miniflare): Promise<number> {
  // Miniflare names the user's worker '' in its `core:user:<name>` services.
  const socket = new WebSocket(`${(await miniflare.getInspectorURL()).href}core:user:`);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error('the workerd inspector did not open')), { once: true });
  });
  let id = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, number>>((resolve, reject) => {
      const n = ++id;
      const timer = setTimeout(() => reject(new Error(`the workerd inspector did not answer ${method}`)), 30_000);
      socket.addEventListener('message', function answer(event) {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, number> };
        if (message.id !== n) return;
        clearTimeout(timer);
        socket.removeEventListener('message', answer);
        resolve(message.result ?? {});
      });
      socket.send(JSON.stringify({ id: n, method, params }));
    });
  try {
    // workerd's inspector has no HeapProfiler.collectGarbage; a heap snapshot collects garbage first.
    await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    return (await call('Runtime.getHeapUsage')).usedSize ?? Number.NaN;
  } finally {
    socket.close();
  }
}
