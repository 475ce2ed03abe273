// What the engine worker's blob module (guard.mjs / bridge.mjs `workerSource`) leaves on `self` for
// worker/boot.mjs, for the type check of the workers (tsconfig.worker.json). Not served.

declare global {
  interface WorkerGlobalScope {
    /** build.json and Pyodide's loader, asked for before worker.mjs loads (taken once by boot.mjs). */
    hzmjEarly?: {build?: Promise<Response>, pyodide?: Promise<PyodideModule>} | null;
  }
  /** What boot.mjs uses of `pyodide/pyodide.mjs`. Pyodide's own declarations live in the npm package in
   *  .cache/, which this check does not fetch; its API object is left untyped here. */
  interface PyodideModule {
    loadPyodide(options: Record<string, unknown>): Promise<any>;
  }
}
export {};
