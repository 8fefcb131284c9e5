// Runs in the reader's browser (bundled into the page scripts). A form declared as a WebMCP tool is
// submitted by the browser when an agent calls it; the submit event then says so (`agentInvoked`)
// and can hand the agent an answer in place of the form's navigation (`respondWith`), as the
// declarative WebMCP explainer describes. Browsers without WebMCP have neither.

interface AgentSubmitEvent extends SubmitEvent {
  agentInvoked?: boolean;
  respondWith?: (answer: Promise<unknown>) => void;
}

/**
 * When an agent submitted the form: stops the navigation and returns the function that answers
 * the agent. Null for a person's submit, or in a browser without WebMCP.
 */
export function agentResponder(event: SubmitEvent): ((answer: Promise<unknown>) => void) | null {
  const submit = event as AgentSubmitEvent;
  if (!submit.agentInvoked || typeof submit.respondWith !== 'function') return null;
  event.preventDefault();
  return (answer) => submit.respondWith!(answer);
}
