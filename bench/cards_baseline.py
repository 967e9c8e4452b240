#!/usr/bin/env python3
"""Baselines for the `cards` benchmark: the same 50 queries as
bench/cards_queries.txt, run (1) as a Python csv + list filter and (2) as
SQLite in Python, over the card CSVs read at run time from ../shared/corpus
(or $DAYSTROM_CORPUS). Prints load time, per-query p50/p99 and result counts
as JSON on the last line, for src/bin/bench/cards_bench.rs to compare.

Only the keys the 50 queries use are translated (t a skill o int cun str rng
wpn char icon); this is a hand-rolled filter, not the query language.
"""
import csv, json, os, re, shlex, sqlite3, statistics, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.environ.get("DAYSTROM_CORPUS") or os.path.join(HERE, "..", "..", "shared", "corpus")
AFFIL = {"na": "Non-Aligned", "fed": "Federation"}
ICON = {"au": "AU", "cmd": "Cmd", "stf": "Stf"}
SKILL_RE_CACHE = {}


def base_title(name):
    n = name.strip()
    if n.endswith("*VP"):
        n = n[:-3].rstrip()
    return n.rstrip("*").rstrip()


def load_rows():
    cards = {}
    for f in ("physical.csv", "virtual.csv"):
        with open(os.path.join(CORPUS, "cards", f), encoding="utf-8-sig", newline="") as fh:
            for r in csv.DictReader(fh):
                if "ban_2E" in r["Set"]:
                    continue
                key = (base_title(r["Name"]).lower(), r["Type"],
                       re.sub(r"[^a-z0-9]", "", r["Text"].lower()))
                if key not in cards:
                    r["title"] = base_title(r["Name"])
                    r["affils"] = [a.strip() for a in r["Affil"].split("/") if a.strip()] if r["Type"] != "Mission" else []
                    r["icons"] = re.findall(r"\[([^\]]+)\]", r["Icons"])
                    r["chars"] = [c.strip().lower() for c in r["Characteristics/ Keywords"].split(";") if c.strip()]
                    cards[key] = r
    return list(cards.values())


def skill_level(text, skill):
    rx = SKILL_RE_CACHE.get(skill)
    if rx is None:
        rx = re.compile(r"(?<![A-Za-z])" + re.escape(skill) + r"(?:\s*x\s*(\d+))?(?![A-Za-z])",
                        0 if skill.isupper() else re.I)
        SKILL_RE_CACHE[skill] = rx
    return sum(int(m.group(1) or 1) for m in rx.finditer(text))


def num(s):
    try:
        return int(s)
    except ValueError:
        return None


def parse_terms(q):
    out = []
    for tok in shlex.split(q):
        m = re.match(r"([a-z]+)(?::)?(.*?)(?:(>=|<=|=|>|<)(\d+))?$", tok)
        key, val, op, n = m.group(1), m.group(2), m.group(3), m.group(4)
        if key in ("int", "cun", "str", "rng", "wpn", "shd"):
            val, op, n = None, op, int(n)
        out.append((key, val, op, int(n) if n is not None else None))
    return out


COLS = {"int": "Int/Rng", "rng": "Int/Rng", "cun": "Cun/Wpn", "wpn": "Cun/Wpn", "str": "Str/Shd", "shd": "Str/Shd"}


def filter_for(terms):
    preds = []
    for key, val, op, n in terms:
        if key == "t":
            preds.append(lambda r, v=val.lower(): r["Type"].lower() == v)
        elif key == "a":
            a = AFFIL.get(val.lower(), val).lower()
            preds.append(lambda r, a=a: any(x.lower() == a for x in r["affils"]))
        elif key == "skill":
            if op:
                preds.append(lambda r, s=val, n=n: skill_level(r["Text"], s) >= n)
            else:
                preds.append(lambda r, s=val: skill_level(r["Text"], s) > 0)
        elif key == "o":
            preds.append(lambda r, v=val.lower(): v in r["Text"].lower())
        elif key in COLS:
            preds.append(lambda r, c=COLS[key], n=n: (num(r[c]) or -999) >= n)
        elif key == "char":
            preds.append(lambda r, v=val.lower(): v in r["chars"])
        elif key == "icon":
            preds.append(lambda r, v=ICON.get(val.lower(), val): v in r["icons"])
    return lambda r: all(p(r) for p in preds)


def build_sqlite(rows):
    db = sqlite3.connect(":memory:")
    db.executescript("""
      CREATE TABLE cards (id INTEGER PRIMARY KEY, title TEXT, type TEXT, text TEXT, int_rng INTEGER, cun_wpn INTEGER, str_shd INTEGER);
      CREATE TABLE affs (card INTEGER, affiliation TEXT); CREATE INDEX affs_card ON affs(card, affiliation);
      CREATE TABLE icons (card INTEGER, icon TEXT); CREATE INDEX icons_card ON icons(card, icon);
      CREATE TABLE chars (card INTEGER, ch TEXT); CREATE INDEX chars_card ON chars(card, ch);
      CREATE TABLE skills (card INTEGER, skill TEXT, level REAL); CREATE INDEX skills_card ON skills(card, skill);
    """)
    skills = ["Diplomacy", "Leadership", "Treachery", "Honor", "MEDICAL", "Tal Shiar", "ENGINEER",
              "SECURITY", "Obsidian Order", "Computer Skill"]
    for i, r in enumerate(rows):
        db.execute("INSERT INTO cards VALUES (?,?,?,?,?,?,?)",
                   (i, r["title"], r["Type"], r["Text"], num(r["Int/Rng"]), num(r["Cun/Wpn"]), num(r["Str/Shd"])))
        db.executemany("INSERT INTO affs VALUES (?,?)", [(i, a) for a in r["affils"]])
        db.executemany("INSERT INTO icons VALUES (?,?)", [(i, x) for x in r["icons"]])
        db.executemany("INSERT INTO chars VALUES (?,?)", [(i, c) for c in r["chars"]])
        if r["Type"] == "Personnel":
            db.executemany("INSERT INTO skills VALUES (?,?,?)",
                           [(i, s, skill_level(r["Text"], s)) for s in skills if skill_level(r["Text"], s)])
    return db


def sql_for(terms):
    conds, params = [], []
    for key, val, op, n in terms:
        if key == "t":
            conds.append("lower(c.type) = ?"); params.append(val.lower())
        elif key == "a":
            conds.append("EXISTS (SELECT 1 FROM affs x WHERE x.card = c.id AND lower(x.affiliation) = ?)")
            params.append(AFFIL.get(val.lower(), val).lower())
        elif key == "skill":
            conds.append("EXISTS (SELECT 1 FROM skills x WHERE x.card = c.id AND lower(x.skill) = ? AND x.level >= ?)")
            params += [val.lower(), n if op else 1]
        elif key == "o":
            conds.append("c.text LIKE ?"); params.append("%" + val + "%")
        elif key in COLS:
            col = {"Int/Rng": "int_rng", "Cun/Wpn": "cun_wpn", "Str/Shd": "str_shd"}[COLS[key]]
            conds.append(f"c.{col} >= ?"); params.append(n)
        elif key == "char":
            conds.append("EXISTS (SELECT 1 FROM chars x WHERE x.card = c.id AND x.ch = ?)"); params.append(val.lower())
        elif key == "icon":
            conds.append("EXISTS (SELECT 1 FROM icons x WHERE x.card = c.id AND x.icon = ?)")
            params.append(ICON.get(val.lower(), val))
    return "SELECT c.id, c.title FROM cards c WHERE " + " AND ".join(conds) + " ORDER BY c.title", params


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main():
    queries = [l.strip() for l in open(os.path.join(HERE, "cards_queries.txt")) if l.strip()]
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    t0 = time.perf_counter()
    rows = load_rows()
    load_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    db = build_sqlite(rows)
    sqlite_build_s = time.perf_counter() - t0
    list_times, sql_times, list_counts, sql_counts = [], [], [], []
    for q in queries:
        terms = parse_terms(q)
        for _ in range(reps):
            t = time.perf_counter()
            pred = filter_for(terms)
            res = sorted((r for r in rows if pred(r)), key=lambda r: r["title"].lower())
            list_times.append(time.perf_counter() - t)
        list_counts.append(len(res))
        sql, params = sql_for(terms)
        for _ in range(reps):
            t = time.perf_counter()
            res = db.execute(sql, params).fetchall()
            sql_times.append(time.perf_counter() - t)
        sql_counts.append(len(res))
    out = {
        "cards": len(rows),
        "csv_load_ms": load_s * 1000,
        "sqlite_build_ms": sqlite_build_s * 1000,
        "list_p50_ms": pct(list_times, 50) * 1000, "list_p99_ms": pct(list_times, 99) * 1000,
        "sqlite_p50_ms": pct(sql_times, 50) * 1000, "sqlite_p99_ms": pct(sql_times, 99) * 1000,
        "list_counts": list_counts, "sqlite_counts": sql_counts,
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
