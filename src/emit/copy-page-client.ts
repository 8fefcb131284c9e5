// Runs in the reader's browser on resource and guide pages, never in the build (page-data.ts bundles
// it): "Copy page as Markdown" puts the page's .md variant on the clipboard. The button ships hidden,
// so a reader without JavaScript never sees a control that cannot work; this script shows it.

const control = document.querySelector<HTMLElement>('#copy-page-control');
const button = control?.querySelector<HTMLButtonElement>('#copy-page');
const status = control?.querySelector<HTMLElement>('#copy-page-status');

async function markdownOf(href: string): Promise<string> {
  const response = await fetch(href, { headers: { Accept: 'text/markdown' } });
  if (!response.ok) throw new Error(`${href} answered ${response.status}`);
  return response.text();
}

/**
 * The ClipboardItem is written while its content is still being fetched: Safari and Chromium allow
 * the write only during the click's user activation, which a fetch awaited first can outlast.
 */
async function copy(href: string): Promise<void> {
  const markdown = markdownOf(href);
  if (typeof ClipboardItem === 'function' && navigator.clipboard?.write) {
    try {
      const blob = markdown.then((text) => new Blob([text], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // Browsers without promised ClipboardItem values: copy the text once it is here. A failed fetch throws here.
      await markdown;
    }
  }
  await navigator.clipboard.writeText(await markdown);
}

// Without a clipboard (a page served over plain http from another host) the button stays hidden.
if (control && button && status && button.dataset.markdown && navigator.clipboard) {
  const href = button.dataset.markdown;
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
    busy = true;
    copy(href)
      .then(
        () => say('Copied'),
        () => say('Could not copy the page. Open its Markdown link and copy from there.'),
      )
      .finally(() => {
        busy = false;
      });
  });
  control.hidden = false;
}
