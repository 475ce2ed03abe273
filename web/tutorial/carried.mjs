// Verdicts carried in the page: hzmj_core/tutorial/embed.py works out, when the page is built, the engine's
// result for every answer a lesson's exercises let a reader give; a page finds the one for an answer here,
// with no runtime.

/**
 * The verdict the carried answer table gives `answer` (the engine's own result for it), or null when the
 * table has none (the caller then asks the engine).
 */
export function carriedVerdict(table, answer) {
  if (!table || !table.results) return null;
  if (table.mode === 'choice') return table.results[JSON.stringify(answer)] ?? null;
  if (table.mode === 'waits') {
    if (!answer || !Array.isArray(answer.tiles)) return null;
    const got = new Set(answer.tiles.map((t) => String(t).replace('*', '')));
    const want = new Set(table.expected.tiles);
    const tilesRight = got.size === want.size && [...want].every((t) => got.has(t));
    if (!tilesRight) return table.results.tiles;
    return answer.left === table.expected.left ? table.results.right : table.results.left;
  }
  if (table.mode === 'exact') {
    if (!Array.isArray(answer)) return null;
    const norm = table.kind === 'claimants' ? [...new Set(answer)].sort((a, b) => a - b) : answer.map(Number);
    return JSON.stringify(norm) === JSON.stringify(table.expected) ? table.results.right : table.results.wrong;
  }
  return null;
}

/** A lesson's `call(method, args)`: a check answered from the carried tables, anything else by `engineCall`. */
export function carriedCall(answers, engineCall) {
  return async (method, args) => {
    if (method === 'check_exercise') {
      const verdict = carriedVerdict(answers[args.id], args.answer);
      if (verdict) return verdict;
    }
    return engineCall(method, args);
  };
}
