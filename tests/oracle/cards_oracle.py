#!/usr/bin/env python3
"""An independent oracle for the card query language (docs/card-queries.md).

Reads the card CSVs directly (physical.csv, virtual.csv, lackey.csv under the
corpus's cards/ folder) and answers a query with the distinct cards that match,
one `Title|Type` line each, sorted. It shares no code with the Rust side: only
the vocabulary files glossary/icons.toml and glossary/skills.toml (data, not
logic) are read, so that `a:na` or `icon:ST` spell the same things.

Usage:
    cards_oracle.py QUERY            one query, its answer on stdout
    cards_oracle.py --json Q1 Q2 ..  a JSON object {query: [Title|Type, ...]}

Kept deliberately simple: a card is the group of rows with the same edition,
title (without `*` / `*VP` marks), type and game text; a term is true of a card
when it is true of any of its rows.
"""

import csv
import json
import os
import re
import sys
import tomllib
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.environ.get("DAYSTROM_CORPUS", os.path.join(REPO, "..", "shared", "corpus"))
FILES = [("physical.csv", "physical"), ("virtual.csv", "virtual"), ("lackey.csv", "lackey")]


def fold(s):
    """Lowercase, accents dropped, typographic quotes made plain."""
    s = s.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c))
    return " ".join(s.lower().split())


def norm(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


# ---------------------------------------------------------------- vocabulary

def load_vocab():
    with open(os.path.join(REPO, "glossary", "icons.toml"), "rb") as f:
        icons = tomllib.load(f)
    with open(os.path.join(REPO, "glossary", "skills.toml"), "rb") as f:
        skills = tomllib.load(f)
    return icons, skills


ICONS, SKILLS = load_vocab()


def icon_code(spelling):
    """Canonical icon code for a code, alias or name (any case)."""
    s = spelling.strip().strip("[]")
    for i in ICONS["icon"]:
        if i["code"] == s or s in i.get("aliases", []):
            return i["code"]
    for i in ICONS["icon"]:
        names = [i["code"], i["name"]] + i.get("aliases", [])
        if any(n.lower() == s.lower() for n in names):
            return i["code"]
    return None


def affiliation(spelling):
    s = spelling.strip().lower()
    for k, v in ICONS.get("affiliation_aliases", {}).items():
        if k.lower() == s:
            return v
    for i in ICONS["icon"]:
        if i["kind"] != "affiliation":
            continue
        names = [i["code"], i["name"]] + i.get("aliases", [])
        if any(n.lower() == s for n in names):
            return i["name"]
    return None


CLASSIFICATIONS = {}  # spelling -> canonical (written in capitals on cards)
SKILL_NAMES = {}  # lowercased spelling -> canonical
for c in SKILLS["classifications"]:
    for sp in [c["name"]] + c.get("aliases", []):
        CLASSIFICATIONS[sp] = c["name"]
for s in SKILLS["skill"]:
    for sp in [s["name"]] + s.get("aliases", []):
        SKILL_NAMES[sp.lower()] = s["name"]
for p in SKILLS["intelligence"]["prefixes"]:
    SKILL_NAMES[f"{p} intelligence".lower()] = f"{p} Intelligence"
MAX_SKILL_WORDS = max(len(k.split()) for k in SKILL_NAMES)


def skill_query_names(name):
    """The skill names a `skill:` value stands for."""
    n = name.strip().lower()
    if n == "intelligence":
        return {f"{p} Intelligence" for p in SKILLS["intelligence"]["prefixes"]}
    for sp, canon in CLASSIFICATIONS.items():
        if sp.lower() == n:
            return {canon}
    if n in SKILL_NAMES:
        return {SKILL_NAMES[n]}
    raise SystemExit(f"oracle: unknown skill {name!r}")


# ---------------------------------------------------------------- skills

MULT = re.compile(r"^[xX](\d+(?:/\d+)?)?$")


def level_of(num):
    if "/" in num:
        a, b = num.split("/")
        return int(a) / int(b)
    return float(num)


def skill_levels(text):
    """Skill name -> level for a personnel's game text.

    Walk the words: a skill name (classifications only in capitals) counts,
    with an optional `x 2` / `x2` / `x1/2` after it; anything else starts a
    special-skill sentence, skipped up to a word ending in `.`, `!` or `?`.
    `Name:` labels (dual personnel) and `DL/ {...}` downloads are skipped.
    """
    words = text.split()
    out = {}
    i = 0
    in_sentence = False
    while i < len(words):
        w = words[i]
        if in_sentence:
            # a sentence ends at `.`; braces / parentheses may hold periods
            if re.search(r"[.!?][)\"'\u201d]*$", w) and not re.fullmatch(r"(?i)(dr|mr|mrs|lt|st|vs|no|etc|e\.g|i\.e)\.", w):
                in_sentence = False
            i += 1
            continue
        if w.startswith("DL/"):
            # skip the download: braced titles, joined by OR
            depth = 0
            j = i
            rest = w[3:]
            if rest:
                depth += rest.count("{") - rest.count("}")
            j += 1
            while j < len(words):
                depth += words[j].count("{") - words[j].count("}")
                j += 1
                if depth <= 0:
                    if j < len(words) and words[j] == "OR":
                        continue
                    break
            i = j
            continue
        if re.fullmatch(r"[A-Z][\w'\-]*:", w) and len(w) > 2:
            i += 1
            continue
        if "+" in w and all(p.rstrip(",;") in CLASSIFICATIONS for p in w.split("+")):
            for p in w.split("+"):
                c = CLASSIFICATIONS[p.rstrip(",;")]
                out[c] = out.get(c, 0) + 1
            i += 1
            continue
        matched = None
        bare = w.rstrip(",;")
        if bare in CLASSIFICATIONS:
            matched = (CLASSIFICATIONS[bare], 1)
        else:
            for n in range(min(MAX_SKILL_WORDS, len(words) - i), 0, -1):
                cand = " ".join(words[i:i + n]).rstrip(",;").lower()
                if cand in SKILL_NAMES and not SKILL_NAMES[cand].isupper():
                    matched = (SKILL_NAMES[cand], n)
                    break
        if matched:
            name, used = matched
            i += used
            level = 1.0
            if i < len(words) and MULT.match(words[i].rstrip(",;")):
                m = MULT.match(words[i].rstrip(",;"))
                if m.group(1):
                    level = level_of(m.group(1))
                    i += 1
                elif i + 1 < len(words) and re.fullmatch(r"\d+(/\d+)?", words[i + 1].rstrip(",;")):
                    level = level_of(words[i + 1].rstrip(",;"))
                    i += 2
            if i < len(words) and words[i] == "OR":
                # "Music OR Treachery": a choice, not a skill
                in_sentence = True
                continue
            out[name] = out.get(name, 0) + level
            continue
        in_sentence = True
    return out


# ---------------------------------------------------------------- cards

def marked(p):
    """A Persona cell entry: (version, name); `(Name)` is a mirror version,
    `<Name>` an impersonator, neither a true version of Name."""
    p = p.strip()
    if p.startswith("(") and p.endswith(")"):
        return ("mirror", p[1:-1].strip())
    if p.startswith("<") and p.endswith(">"):
        return ("impersonator", p[1:-1].strip())
    return ("true", p)


def personas_of(row):
    """The personas a personnel, ship or facility is an instance of: its own
    title (without a version subtitle or "2E" mark) and each entry of its
    Persona cell, as (version, name). Other card types have none."""
    if row["Type"] not in ("Personnel", "Ship", "Facility"):
        return []
    title = title_of(row["Name"])
    if title.endswith(")") and " (" in title:
        title = title[: title.rindex(" (")]
    own = ("true", title.split(" 2E")[0].strip())
    return [own] + [marked(p) for p in row["Persona"].split(";") if p.strip()]


def title_of(name):
    t = name.strip()
    if t.endswith("*VP"):
        t = t[:-3].rstrip()
    return t.rstrip("*").rstrip()


def load_cards():
    cards = {}
    seen = set()
    for fname, source in FILES:
        path = os.path.join(CORPUS, "cards", fname)
        with open(path, encoding="utf-8-sig", newline="") as f:
            for row in csv.DictReader(f):
                row = {k: (v or "") for k, v in row.items()}
                row["_source"] = source
                edition = "2E" if "ban_2E" in row["Set"] else "1E"
                title = title_of(row["Name"])
                ident = (edition, fold(title), norm(row["Type"]), norm(fold(row["Text"])))
                printing = (row["Release"].strip(), row["ImageFile"].strip())
                if source == "lackey":
                    # Lackey rows repeat the other files' printings (same release
                    # and image; the title may be spelt differently, I.K.S. for
                    # I.K.C.): only a printing nobody else has adds anything.
                    if printing in seen:
                        continue
                else:
                    seen.add(printing)
                card = cards.setdefault(ident, {"title": title, "type": row["Type"].strip(),
                                                "edition": edition, "rows": []})
                card["rows"].append(row)
    return list(cards.values())


def num(cell):
    t = cell.strip().rstrip("*").strip()
    return int(t) if re.fullmatch(r"-?\d+", t) else None


def bracketed(cell):
    return re.findall(r"\[([^\]]+)\]", cell)


def braced(text):
    return [t.strip() for t in re.findall(r"\{([^}]*)\}", text)]


def row_affiliations(row):
    cell = row["Affil"].strip()
    if "Mission" in row["Type"]:
        if cell and re.fullmatch(r"(\s*\[[^\]]+\]\s*)+", cell):
            return [affiliation(c) or c for c in bracketed(cell)]
        return []
    return [affiliation(p) or p.strip() for p in cell.split("/") if p.strip()]


def unique(row):
    if row["Uniqueness"].strip().lower() == "univ":
        return False
    if row["Type"].strip() in ("Personnel", "Ship", "Facility"):
        return True
    return "Unique." in row["Text"] or "(Unique)" in row["Text"]


CMP = {
    "=": lambda a, b: a == b, ":": lambda a, b: a == b, "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}
STAT_COLUMN = {"int": "Int/Rng", "cun": "Cun/Wpn", "str": "Str/Shd",
               "rng": "Int/Rng", "wpn": "Cun/Wpn", "shd": "Str/Shd",
               "pts": "Points", "span": "Span"}


def stat_applies(key, type_):
    """INTEGRITY/CUNNING/STRENGTH are personnel attributes; RANGE/WEAPONS/SHIELDS
    belong to every other card printing them (ships, facilities, ship-like
    dilemmas, tactics) except missions."""
    if key in ("int", "cun", "str"):
        return type_ == "Personnel"
    if key in ("rng", "wpn", "shd"):
        return type_ not in ("Personnel", "Mission", "Q Mission")
    return True


TYPE_NAMES = {norm(t): t for t in [
    "Personnel", "Ship", "Facility", "Site", "Mission", "Time Location", "Dilemma", "Event",
    "Interrupt", "Interrupt/Event", "Equipment", "Incident", "Objective", "Artifact", "Doorway",
    "Tactic", "Tribble", "Trouble", "Q Event", "Q Interrupt", "Q Dilemma", "Q Artifact",
    "Q Mission", "Damage Marker"]}


def term_test(key, op, value):
    """A predicate on a row for one term."""
    v = value
    lv = fold(v)
    if key == "title":
        return lambda r: lv in fold(title_of(r["Name"]))
    if key == "exact":
        return lambda r: fold(title_of(r["Name"])) == lv
    if key == "t":
        want = TYPE_NAMES.get(norm(v))
        if want is None:
            raise SystemExit(f"oracle: unknown type {v!r}")
        both = {"Interrupt", "Event"}
        return lambda r: r["Type"].strip() == want or (
            want in both and r["Type"].strip() == "Interrupt/Event")
    if key == "a":
        want = affiliation(v)
        return lambda r: want in row_affiliations(r)
    if key == "class":
        return lambda r: fold(r["Class"]) in (lv, lv + " class") or lv in fold(r["Class"]).split("+")
    if key == "skill":
        m = re.fullmatch(r"(.+?)(>=|<=|!=|>|<|=)(\d+(?:/\d+)?)", v)
        name, cmp_, n = (m.group(1), m.group(2), level_of(m.group(3))) if m else (v, None, None)
        names = skill_query_names(name.strip('"'))

        def has(r):
            lv_ = sum(l for s, l in skill_levels(r["Text"]).items() if s in names) \
                if r["Type"].strip() == "Personnel" else 0
            return lv_ > 0 if cmp_ is None else CMP[cmp_](lv_, n)
        return has
    if key in STAT_COLUMN:
        n = int(v)
        col = STAT_COLUMN[key]

        def stat(r):
            x = num(r[col])
            return x is not None and stat_applies(key, r["Type"].strip()) and CMP[op](x, n)
        return stat
    if key == "o":
        return lambda r: lv in fold(r["Text"])
    if key == "lore":
        return lambda r: lv in fold(r["Lore"])
    if key == "ref":
        return lambda r: any(fold(t) == lv for t in braced(r["Text"]))
    if key in ("icon", "staff"):
        code = icon_code(v)
        col = "Icons" if key == "icon" else "Staff"
        return lambda r: any(icon_code(c) == code for c in bracketed(r[col]))
    if key == "char":
        return lambda r: any(fold(c) == lv for c in r["Characteristics/ Keywords"].split(";"))
    if key == "persona":
        version, name = marked(lv)
        return lambda r: any(
            v == version and name == fold(n) for v, n in personas_of(r))
    if key == "cmd":
        return lambda r: any(lv in fold(c) for c in r["Command"].split(";"))
    if key == "q":
        code = icon_code(v)
        names = {"AQ": "alpha", "GQ": "gamma", "DQ": "delta", "MQ": "mirror"}
        want = names.get(code, lv.replace(" quadrant", ""))
        return lambda r: fold(r["Quadrant"]) == want
    if key == "region":
        return lambda r: lv in fold(r["Region"])
    if key == "dt":
        want = {"space": "S", "s": "S", "planet": "P", "p": "P", "dual": "SP", "sp": "SP",
                "s/p": "SP"}[lv]
        return lambda r: re.sub(r"[^SP]", "", r["Mission/ Dilemma Type"].upper()) == want
    if key == "set":
        return lambda r: lv in r["Set"].lower()
    if key == "release":
        return lambda r: r["Release"].strip().lower() == lv
    if key == "is":
        if lv == "unique":
            return unique
        if lv in ("universal", "univ"):
            return lambda r: r["Uniqueness"].strip().lower() == "univ"
        if lv in ("virtual", "physical"):
            return lambda r: r["_source"] == lv
        raise SystemExit(f"oracle: unknown is:{v}")
    if key == "ed":
        want = "2E" if lv in ("2e", "2") else "1E"
        return lambda r: ("2E" if "ban_2E" in r["Set"] else "1E") == want
    raise SystemExit(f"oracle: unknown key {key!r}")


# ---------------------------------------------------------------- query parsing

TOKEN = re.compile(r'\s*(\(|\)|-(?=\S)|"[^"]*"|!"[^"]*"|[^\s()"]+(?:"[^"]*")?[^\s()]*)')


def tokens(q):
    out = []
    pos = 0
    prev_space = True
    while pos < len(q):
        m = TOKEN.match(q, pos)
        if not m or m.end() == pos:
            if q[pos:].strip() == "":
                break
            raise SystemExit(f"oracle: cannot read {q[pos:]!r}")
        tok = m.group(1)
        started = m.start(1)
        if tok == "-" and not (started == 0 or q[started - 1] in " (\t"):
            tok = None
        out.append(tok)
        pos = m.end()
    return [t for t in out if t is not None]


TERM = re.compile(r"^([a-zA-Z]+)(>=|<=|!=|:|=|<|>)(.*)$")


def parse_term(tok):
    if tok.startswith("!"):
        return ("term", "exact", "=", tok[1:].strip('"'))
    m = TERM.match(tok)
    if not m:
        return ("term", "title", ":", tok.strip('"'))
    key, op, value = m.group(1).lower(), m.group(2), m.group(3)
    if op != ":" and key not in STAT_COLUMN:
        # `skill:diplomacy>=2` is split below; other keys take `:` only
        return ("term", "title", ":", tok)
    if key == "skill":
        return ("term", key, op, value.replace('"', ""))
    if key in STAT_COLUMN and op == ":":
        op = "="
    return ("term", key, op, value.strip('"'))


class Parser:
    def __init__(self, toks):
        self.toks = toks
        self.i = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def expr(self):
        alts = [self.conj()]
        while self.peek() is not None and self.peek().lower() == "or":
            self.i += 1
            alts.append(self.conj())
        return alts[0] if len(alts) == 1 else ("or", alts)

    def conj(self):
        parts = []
        while self.peek() is not None and self.peek() != ")" and self.peek().lower() != "or":
            parts.append(self.unary())
        return parts[0] if len(parts) == 1 else ("and", parts)

    def unary(self):
        t = self.toks[self.i]
        self.i += 1
        if t == "-" or t.lower() == "not":
            return ("not", self.unary())
        if t == "(":
            e = self.expr()
            assert self.peek() == ")", "unbalanced ("
            self.i += 1
            return e
        return parse_term(t)


def compile_query(ast):
    kind = ast[0]
    if kind == "term":
        test = term_test(ast[1], ast[2], ast[3])
        return lambda card: any(test(r) for r in card["rows"])
    if kind == "not":
        inner = compile_query(ast[1])
        return lambda card: not inner(card)
    parts = [compile_query(p) for p in ast[1]]
    if kind == "and":
        return lambda card: all(p(card) for p in parts)
    return lambda card: any(p(card) for p in parts)


def names_edition(ast):
    if ast[0] == "term":
        return ast[1] == "ed"
    if ast[0] == "not":
        return names_edition(ast[1])
    return any(names_edition(p) for p in ast[1])


def answer(cards, q):
    ast = Parser(tokens(q)).expr()
    pred = compile_query(ast)
    default_1e = not names_edition(ast)
    out = set()
    for c in cards:
        if default_1e and c["edition"] != "1E":
            continue
        if pred(c):
            out.add(f"{c['title']}|{c['type']}")
    return sorted(out)


def main(argv):
    cards = load_cards()
    if argv and argv[0] == "--json":
        print(json.dumps({q: answer(cards, q) for q in argv[1:]}, ensure_ascii=False))
    else:
        for line in answer(cards, " ".join(argv)):
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
