// Runs in the reader's browser on resource, guide and home pages, never in the build (page-data.ts
// bundles it): "Copy page as Markdown" puts the page's .md variant on the clipboard, and "Copy
// command" the `claude mcp add` line beside the editor install links. Both buttons ship hidden, so
// a reader without JavaScript never sees a control that cannot work; this script shows them. The
// copy-page control is also the form of the page's WebMCP "get this page as Markdown" tool: an
// agent that calls it gets the Markdown here, or, without this script, is taken to the .md file.
import { agentResponder } from '../emit/helpers/agent-submit.js';

async function markdownOf(href: string): Promise<string> {
  const response = await fetch(href, { headers: { Accept: 'text/markdown' } });
  if (!response.ok) throw new Error(`${href} answered ${response.status}`);
  return response.text();
}

/**
 * The ClipboardItem is written while its content is still being fetched: Safari and Chromium allow
 * the write only during the click's user activation, which a fetch awaited first can outlast.
 */
async function copy(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem === 'function' && navigator.clipboard?.write) {
    try {
      const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // Browsers without promised ClipboardItem values: copy the text once it is here. A failed fetch throws here.
      await text;
    }
  }
  await navigator.clipboard.writeText(await text);
}

/**
 * Shows the control `#<id>-control` and makes its button `#<id>` copy `text()`, saying how it went
 * in `#<id>-status`. Without a clipboard (a page served over plain http from another host) the
 * control stays hidden.
 */
function copyControl(id: string, text: (button: HTMLButtonElement) => Promise<string> | null, failed: string): void {
  const control = document.getElementById(`${id}-control`);
  const button = control?.querySelector<HTMLButtonElement>(`#${id}`);
  const status = control?.querySelector<HTMLElement>(`#${id}-status`);
  if (!control || !button || !status || !navigator.clipboard) return;
  let busy = false;
  let reset: ReturnType<typeof setTimeout> | undefined;
  const say = (message: string) => {
    clearTimeout(reset);
    status.textContent = message;
    reset = setTimeout(() => {
      status.textContent = '';
    }, 5000);
  };
  button.addEventListener('click', () => {
    // Not `disabled`: that would take keyboard focus off the button.
    if (busy) return;
    const copied = text(button);
    if (!copied) return;
    busy = true;
    copy(copied)
      .then(
        () => say('Copied'),
        () => say(failed),
      )
      .finally(() => {
        busy = false;
      });
  });
  control.hidden = false;
}

copyControl(
  'copy-page',
  (button) => (button.dataset.markdown ? markdownOf(button.dataset.markdown) : null),
  'Could not copy the page. Open its Markdown link and copy from there.',
);
copyControl(
  'mcp-command',
  () => Promise.resolve(document.getElementById('mcp-command-text')?.textContent ?? ''),
  'Could not copy the command. Select it and copy it by hand.',
);

// The button submits the form to the .md (its `formaction`) only where this script does not run: a
// person's click copies (above), and an agent's call is answered with the Markdown here.
const markdownTool = document.querySelector<HTMLFormElement>('form#copy-page-control');
markdownTool?.addEventListener('submit', (event) => {
  event.preventDefault();
  const href = markdownTool.querySelector<HTMLButtonElement>('#copy-page')?.dataset.markdown;
  if (href) agentResponder(event)?.(markdownOf(href));
});
