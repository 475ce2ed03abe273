// 术语表: the Hangzhou Mahjong terms English text keeps, as pinyin with a short gloss on first use on a screen
// ("Baotou (暴头, a wait that any draw completes, the wildcard left free)", then "Baotou"). The engine's
// hzmj_core/glossary.py holds the same table and does the same (tests/engine/test_glossary.py requires them equal).
//
//   const seen = new Set();                 // one per screen
//   gloss('in 暴头 state any draw wins', seen);

/** Chinese term → [pinyin, short English gloss], longest terms first where one holds another. */
export const GLOSSARY = Object.freeze({
  "有财必暴头": ["Youcai bi baotou", "holding a wildcard, win only by self-draw in Baotou"],
  "吃后限打": ["Chihou xianda", "the discard ban after a chow"],
  "三摊承包": ["Santan chengbao", "liability for a third claim on one player"],
  "倒承包": ["Dao chengbao", "the liability turned back on the claimer"],
  "承包": ["Chengbao", "liability: one player pays for all"],
  "三摊": ["Santan", "three claims on one player"],
  "白板财神": ["Baiban caishen", "the White dragons as the wildcards"],
  "翻财神": ["Fan caishen", "the wildcard chosen by a flipped tile"],
  "财神": ["Caishen", "the wildcard"],
  "暴头": ["Baotou", "a wait that any draw completes, the wildcard left free"],
  "七客": ["Qike", "seven pairs waiting on any draw"],
  "清七对": ["Qing qidui", "seven pairs without a wildcard"],
  "豪华": ["Haohua", "seven pairs holding four of a kind"],
  "双杠开": ["Shuang gangkai", "a win after two kongs in a row"],
  "杠开": ["Gangkai", "a win on a kong's replacement tile"],
  "杠暴": ["Gangbao", "Baotou won on a kong's replacement tile"],
  "杠飘": ["Gangpiao", "a Piao right after a kong"],
  "双财飘": ["Shuang caipiao", "two Piao in a row"],
  "财飘": ["Caipiao", "discarding the wildcard in Baotou to win double"],
  "飘": ["Piao", "discarding the wildcard in Baotou to win double"],
  "抓打": ["Zhuada", "the freeze after a wildcard is discarded"],
  "摊": ["Tan", "a claim on one player's discard"],
  "老庄": ["Laozhuang", "the dealer's streak"],
  "平庄": ["Pingzhuang", "a new dealer"],
  "漏碰": ["Loupeng", "a passed pong"],
  "漏胡": ["Louhu", "a passed win"],
  "流局": ["Liuju", "a drawn hand"],
  "放铳": ["Fangchong", "discarding another player's winning tile"],
  "底分": ["Difen", "the base score"],
  "听牌": ["Tingpai", "a ready hand"],
});

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TERM_SOURCE = Object.keys(GLOSSARY).sort((a, b) => b.length - a.length).map(escape).join('|');
// a term standing on its own in English text (inside a longer Chinese word, such as 笃二老庄, it stays as it is)
const TERMS = new RegExp(`(?<![\\u4e00-\\u9fff])(?:${TERM_SOURCE})(?![\\u4e00-\\u9fff])`, 'g');
// a term already followed by its pinyin ("暴头 (baotou)"): the pinyin goes, the gloss gives it
const SPELLED = new RegExp(`(?<![\\u4e00-\\u9fff])(${TERM_SOURCE}) \\((?:${Object.values(GLOSSARY).map(([p]) => escape(p)).join('|')})\\)`, 'gi');

/** English `text` with each Chinese term as pinyin, glossed the first time (`seen`: the terms already glossed on
 *  this screen, updated); a term in parentheses right after its pinyin ("Baotou (暴头)") is left as it is. */
export function gloss(text, seen = new Set()) {
  const plain = String(text).replace(SPELLED, (_, term) => term);
  return plain.replace(TERMS, (term, offset, whole) => {
    const [pinyin, meaning] = GLOSSARY[term];
    const before = whole.slice(0, offset);
    if (before.endsWith(`${pinyin} (`) || before.endsWith(`${pinyin.toLowerCase()} (`)) {
      seen.add(term);
      return term;
    }
    // no gloss inside another parenthesis: there the term is its pinyin alone
    if (seen.has(term) || before.split('(').length > before.split(')').length) return pinyin;
    seen.add(term);
    return `${pinyin} (${term}, ${meaning})`;
  });
}
