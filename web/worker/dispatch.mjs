// The engine worker's answers: each request {id, method, args} goes to
// `hzmj_core.webapi.call(method, json_args) -> json` (`version` too) and comes back as {id, reply}, the JSON
// text Python wrote. Neither text is parsed here (bridge.mjs makes the one and reads the other); the argument
// text is only scanned for its size and depth, so that deep JSON never reaches Python.

import {MAX_ARGUMENT_CHARS, jsonProblem} from '../json-guard.mjs';

const DISPATCH_PY = `
import importlib, json, traceback

def _hzmj_dispatch(method, json_args):
    try:
        try:
            webapi = importlib.import_module("hzmj_core.webapi")
        except ModuleNotFoundError as e:
            if e.name != "hzmj_core.webapi":
                raise
            raise LookupError(f"unknown method {method!r} (hzmj_core.webapi is not available)") from None
        result = webapi.call(method, json_args)
        if not isinstance(result, str):
            result = json.dumps(result)
        return '{"ok":true,"result":' + result + '}'  # begins with OK_REPLY (see below)
    except BaseException as e:
        reason = getattr(e, "reason", None)
        return json.dumps({"ok": False, "error": f"{type(e).__name__}: {e}",
                           "reason": None if reason is None else reason.to_json(),
                           "traceback": traceback.format_exc()})
`;

// How _hzmj_dispatch's answer to a call that succeeded begins.
const OK_REPLY = '{"ok":true,';

export class Dispatcher {
  /**
   * @param {object} pyodide  a Python with hzmj_core installed
   * @param {(method: string, ok: boolean) => void} onServed  told after every answer Python gave
   */
  constructor(pyodide, onServed = () => {}) {
    pyodide.runPython(DISPATCH_PY);
    this.dispatch = pyodide.globals.get('_hzmj_dispatch');
    this.onServed = onServed;
    // After a fatal error of Pyodide (a C stack overflow, say) every later call would fail in odd ways:
    // answer them all with `fatal`, so that the page starts a new worker and restores its saved game.
    this.dead = null;
  }

  /** Import hzmj_core.webapi now (the first call needs it): run while the page, told the engine is ready,
   *  builds its table, so the page's first call does not wait for it. A failure is left for that call. */
  preload() {
    try {
      this.dispatch('version', '{}');
    } catch { /* the first call reports it */ }
  }

  /** The answer to one request (a message for the page). */
  answer(id, method, args) {
    if (this.dead) return {id, error: this.dead, fatal: true};
    if (typeof method !== 'string') return {id, error: 'method must be a string'};
    const problem = typeof args === 'string' ? jsonProblem(args, 'en', MAX_ARGUMENT_CHARS) : 'they are not JSON text';
    if (problem) return {id, error: `the arguments of ${method} were not passed to the engine: ${problem}`};
    let reply;
    try {
      reply = this.dispatch(method, args);
    } catch (err) {
      // Python errors come back as replies; an exception here means the runtime itself failed.
      this.dead = `the engine stopped (${String(err && err.message || err).split('\n')[0].slice(0, 200)})`;
      return {id, error: this.dead, fatal: true};
    }
    this.onServed(method, reply.startsWith(OK_REPLY));
    return {id, reply};
  }
}
