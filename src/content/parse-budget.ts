import vm from 'node:vm';

/**
 * How long the render of one Markdown body may run: 10 s, and 15 s more for each MiB of body.
 * markdownPastLimits refuses the shapes known to be slow before the parser runs; this catches any
 * other shape on which micromark or the HTML compilers are slow (a list of 30,000 items, 100,000
 * `*a` in one paragraph). A real body takes a small part of it: the largest resource of the
 * default directory (13 KB) about 10 ms, a 1 MiB body of the benchmark's kind 3 s on a busy machine.
 */
export function renderBudgetMs(bodyLength: number): number {
  return 1000 * Math.ceil(10 + (15 * bodyLength) / (1024 * 1024));
}

/**
 * Bodies shorter than this render without a watchdog: starting one (a thread per render) costs
 * a few percent of a short body's render, and no body this short can run for long. The slowest
 * shape known, `~a` over and over in one paragraph, is quadratic and takes 1.4 s at 16 KiB.
 */
export const watchedFromLength = 16 * 1024;

/** Why a render was stopped: it ran past its time, or it recursed deeper than the thread's stack. */
export type OverBudget = { reason: 'time'; budgetMs: number } | { reason: 'stack' };

export type Budgeted<T> = { value: T } | { over: OverBudget };

/**
 * Renders a body of `bodyLength` within its budget (renderBudgetMs), and turns a stack overflow
 * into a result too. Neither is deterministic (a busy machine is slower, a worker thread has more
 * stack than the main one), so a caller must not cache an over-budget result.
 */
export function renderWithinBudget<T>(bodyLength: number, render: () => T): Budgeted<T> {
  if (bodyLength >= watchedFromLength) return withinBudget(renderBudgetMs(bodyLength), render);
  try {
    return { value: render() };
  } catch (error) {
    if (isStackOverflow(error)) return { over: { reason: 'stack' } };
    throw error;
  }
}

// One context, one compiled script: a `timeout` applies only to code run through vm, and stops
// whatever JavaScript runs in it, the parser's own functions included.
const context = vm.createContext({ run: () => undefined });
const script = new vm.Script('run()');

/**
 * Runs `render` within `budgetMs` of wall time. The processors keep no state from one run to the
 * next, so a run stopped halfway leaves nothing behind.
 */
export function withinBudget<T>(budgetMs: number, render: () => T): Budgeted<T> {
  let value: T | undefined;
  context.run = () => {
    value = render();
  };
  try {
    script.runInContext(context, { timeout: budgetMs });
    return { value: value as T };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      return { over: { reason: 'time', budgetMs } };
    if (isStackOverflow(error)) return { over: { reason: 'stack' } };
    throw error;
  } finally {
    context.run = () => undefined;
  }
}

function isStackOverflow(error: unknown): boolean {
  return (error as Error)?.name === 'RangeError' && /call stack/i.test((error as Error).message);
}
