// localStorage persistence: settings (language, hints, speed, last options) and the game in progress.
// Every access is guarded: private browsing or a full quota must never break the game.

const SETTINGS_KEY = 'hzmj.settings.v1';
const GAME_KEY = 'hzmj.game.v1';

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

export const DEFAULT_SETTINGS = {lang: null, hints: true, speed: 'normal', options: {}, level: null, muted: false};

export function loadSettings() {
  return {...DEFAULT_SETTINGS, ...(read(SETTINGS_KEY) || {})};
}

export function saveSettings(settings) { return write(SETTINGS_KEY, settings); }

/** The engine's `save` output of the game in progress (or null). */
export function loadGame() { return read(GAME_KEY); }

export function saveGame(save) { return write(GAME_KEY, save); }

export function clearGame() { return write(GAME_KEY, null); }
