// localStorage persistence: settings (language, hints, speed, last options) and the game in progress.
// Every access is guarded: private browsing or a full quota must never break the game, and a failed save
// is reported (saveGame returns false) so that the page can tell the player and try again.
// The game is shared by every tab of the site: the store remembers what this tab last read or wrote, so a
// tab can see that another one (or a person editing the storage) changed the saved game since, and the
// owner of the game (one tab at a time) is named under OWNER_KEY.

export const SETTINGS_KEY = 'hzmj.settings.v1';
export const GAME_KEY = 'hzmj.game.v1';
export const OWNER_KEY = 'hzmj.owner.v1';

function read(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_SETTINGS = {lang: null, hints: true, speed: 'normal', options: {}, level: null, muted: false,
  autoPass: false, autoWin: false};

const isPlainObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
// What a stored setting may hold; anything else is put back to its default (and named by settingsReset()).
const SETTING_OK = {
  lang: (v) => v === null || v === 'en' || v === 'zh',
  hints: (v) => typeof v === 'boolean',
  speed: (v) => ['slow', 'normal', 'fast', 'instant'].includes(v),
  options: (v) => isPlainObject(v) && Object.values(v).every((x) => ['string', 'number', 'boolean'].includes(typeof x)),
  level: (v) => v === null || (typeof v === 'string' && v.length <= 40),
  muted: (v) => typeof v === 'boolean',
};
let resetSettings = [];

/** The stored settings; a broken one is reset to its default and the others kept. */
export function loadSettings() {
  const {settings, reset} = checkSettings(read(SETTINGS_KEY));
  resetSettings = reset;
  return settings;
}

/** Settings (stored, or in an imported file) checked one by one: {settings: the good ones over the defaults, reset:
 *  the names of the broken ones}. Null is no settings stored. */
export function checkSettings(stored) {
  const settings = {...DEFAULT_SETTINGS};
  const reset = stored !== null && !isPlainObject(stored) ? Object.keys(DEFAULT_SETTINGS) : [];
  if (isPlainObject(stored)) {
    for (const key of Object.keys(DEFAULT_SETTINGS)) {
      if (!(key in stored)) continue;
      // a setting without its own check must at least have the type of its default
      const ok = SETTING_OK[key] || ((v) => typeof v === typeof DEFAULT_SETTINGS[key]);
      if (ok(stored[key])) settings[key] = stored[key];
      else reset.push(key);
    }
  }
  return {settings, reset};
}

/** The names of the settings the last loadSettings() found broken and reset to their defaults. */
export function settingsReset() { return [...resetSettings]; }

export function saveSettings(settings) { return write(SETTINGS_KEY, settings); }

let gameProblem = false;
let knownRaw = null;   // the stored game as this tab last read or wrote it (raw text)

function rawGame() {
  try { return localStorage.getItem(GAME_KEY); } catch { return knownRaw; }
}

/** The engine's `save` output of the game in progress (or null). */
export function loadGame() {
  gameProblem = false;
  let raw = null;
  try { raw = localStorage.getItem(GAME_KEY); } catch { return null; }
  knownRaw = raw;
  if (raw === null) return null;
  try {
    const save = JSON.parse(raw);
    if (typeof save === 'string') return save;
  } catch { /* cut short or damaged */ }
  gameProblem = true;
  return null;
}

/** True when the last loadGame() found a stored game it could not read (it returned null for it). */
export function lastGameProblem() { return gameProblem; }

/** Store the game; false when the browser refused (storage full, private mode): nothing was saved. */
export function saveGame(save) {
  if (!write(GAME_KEY, save)) return false;
  knownRaw = JSON.stringify(save);
  return true;
}

export function clearGame() {
  const ok = write(GAME_KEY, null);
  if (ok) knownRaw = null;
  return ok;
}

/** True when the stored game is no longer what this tab last read or wrote (another tab saved over it,
 *  or it was edited or removed). */
export function gameChangedElsewhere() { return rawGame() !== knownRaw; }

/** Name this tab the owner of the game (the other tabs see it through the storage event). */
export function claimGame(tab) {
  try { localStorage.setItem(OWNER_KEY, tab); } catch { /* the channel message still tells the others */ }
}

/** The tab that last claimed the game (null if none or unreadable). */
export function gameOwner() {
  try { return localStorage.getItem(OWNER_KEY); } catch { return null; }
}
