#!/usr/bin/env python3
"""An independent replay verifier for Carcassonne: Star Wars, written from docs/fairness.md alone.

    python3 tools/verify.py [--quiet] FILE

Python 3.11, standard library only. It does not use the rules engine: it checks the file
grammar (section 1), every reveal against its hash chain and its timing (sections 2, 3),
re-derives every seating, tile draw and die (sections 4, 5) following the log as section 7
describes, checks seats and turn numbers, and the secrets of a save (section 8). Networked
games (section 6a): bot seats (no chain), drops, resignations and reclaims at the slots
they may take, the chains that take part in each event, and the chat lines. Signed games
(version 3, section 6b): the host-signed roster and every Ed25519 signature, of each
authored entry, each vote behind a drop or reclaim and each chat line, with the state
hashes the authors signed (the signature check is RFC 8032's verification equation, below;
it handles public data only). It does not check the legality of moves, who fights a
battle, state hashes or scores (those need the rules; `npm run verify` checks them).

Output: every derived value, one line each (section 9's format), the seat changes and
forfeits as section 9 words them, then a summary line.
Exit 0: consistent (a finished game, or "in progress"); 1: a discrepancy; 2: malformed.
"""
import hashlib
import json
import sys

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 8
MAX_STRING = 256
MAX_ITEMS = 65536
MAX_CHAIN_LENGTH = 4096
MAX_SAFE = 2**53 - 1
COLOURS = ["red", "green", "black", "white", "orange", "blue"]
TEAM = {"red": 0, "green": 0, "black": 1, "white": 1}  # 0 Rebel, 1 Empire (team variant only)
TAG = b"carcassonne-star-wars/fair/v1/event\x00"
BOT_LEVELS = ("random", "greedy", "strong", "expert")
STAND_IN_BOT = "greedy"
SEAT_CHANGES = ("drop", "resign", "reclaim")
MAX_LOG_INDEX = 1000000
MAX_CHAT_PER_SEAT = 200
MAX_CHAT_LINES = MAX_CHAT_PER_SEAT * 6
MAX_CHAT_TEXT = 200
MAX_BANK_CLAIM = 7200  # section 6b (version 5): a claim is whole seconds, at most the largest bank (2 h)
DEFAULT_BANK_MS = 240000
SIGNED_KEYS = {"host", "startSig", "roster", "signed", "votes"}
CHAT_FORBIDDEN = set(range(0x20)) | {0x7F, 0x2028, 0x2029}

# Section 5: the supply in canonical order, start tile already removed.
BASE = [("SW01", 3), ("SW02", 3), ("SW03", 3), ("SW04", 5), ("SW05", 1), ("SW06", 1), ("SW07", 1),
        ("SW08", 1), ("SW09", 2), ("SW10", 1), ("SW11", 1), ("SW12", 1), ("SW13", 1), ("SW14", 3),
        ("SW15", 5), ("SW16", 1), ("SW17", 1), ("SW18", 2), ("SW19", 3), ("SW20", 2), ("SW21", 2),
        ("SW22", 4), ("SW23", 1), ("SW24", 2), ("SW25", 2), ("SW26", 2), ("SW27", 2), ("SW28", 3),
        ("SW29", 2), ("SW30", 2), ("SW31", 1), ("SW32", 1), ("SW33", 1), ("SW34", 1), ("SW35", 1),
        ("SW36", 1), ("SW37", 1), ("SW38", 1), ("SW39", 1), ("SW40", 1), ("SW41", 1), ("SW42", 1)]
EXPANSION = [("SWX%02d" % i, 1) for i in range(1, 19)]


class Malformed(Exception):
    pass


class Rejected(Exception):
    pass


def short(v, n=40):
    s = json.dumps(v) if not isinstance(v, (list, dict)) else ("a list of %d" % len(v) if isinstance(v, list) else "an object")
    return s if len(s) <= n else s[:n] + "…"


# ------------------------------------------------------------------ section 1: the grammar

def _no_floats(text):
    raise Malformed("not an integer: %s (only integers without fraction or exponent)" % short(text, 20))


def _int(text):
    if text == "-0":
        raise Malformed("not an integer: -0")
    v = int(text)
    if abs(v) > MAX_SAFE:
        raise Malformed("integer out of range: %s" % short(text, 20))
    return v


def _constant(name):
    raise Malformed("not JSON: %s" % name)


def _pairs(pairs):
    out = {}
    for k, v in pairs:
        if k in ("__proto__", "constructor", "prototype"):
            raise Malformed("forbidden key %s" % short(k))
        if k in out:
            raise Malformed("duplicate key %s" % short(k))
        out[k] = v
    if len(out) > MAX_ITEMS:
        raise Malformed("more than %d members in one object" % MAX_ITEMS)
    return out


def _check_strings(v, depth):
    if isinstance(v, (dict, list)):
        if depth > MAX_DEPTH:
            raise Malformed("nested deeper than %d levels" % MAX_DEPTH)
        items = list(v.keys()) + list(v.values()) if isinstance(v, dict) else v
        if isinstance(v, list) and len(v) > MAX_ITEMS:
            raise Malformed("more than %d elements in one list" % MAX_ITEMS)
        for x in items:
            _check_strings(x, depth + 1)
    elif isinstance(v, str):
        if len(v.encode("utf-16-le", "surrogatepass")) // 2 > MAX_STRING:
            raise Malformed("string longer than %d characters: %s" % (MAX_STRING, short(v[:20], 30)))
        if any(0xD800 <= ord(c) <= 0xDFFF for c in v):
            raise Malformed("lone surrogate in a string")


def parse_file(data):
    if len(data) > MAX_FILE_BYTES:
        raise Malformed("too large: %d bytes, at most %d accepted" % (len(data), MAX_FILE_BYTES))
    try:
        text = data.decode("utf-8", "strict")
    except UnicodeDecodeError as e:
        raise Malformed("invalid UTF-8 at byte %d" % e.start)
    if text.startswith("\ufeff"):
        raise Malformed("byte order mark")
    try:
        v = json.loads(text, object_pairs_hook=_pairs, parse_float=_no_floats, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise Malformed("not JSON: %s" % str(e).split("\n")[0][:120])
    except RecursionError:
        raise Malformed("nested too deep")
    _check_strings(v, 1)
    return v


# ------------------------------------------------------------------ section 6: the entries

def is_int(v, lo, hi):
    return type(v) is int and lo <= v <= hi


def is_hex(v, n):
    return isinstance(v, str) and len(v) == 2 * n and all(c in "0123456789abcdef" for c in v)


def fields(e, i, names):
    if set(e.keys()) != set(names):
        raise Malformed("entry %d (%s): fields must be exactly %s" % (i, e.get("k"), ", ".join(names)))


def need(ok, i, e, what):
    if not ok:
        raise Malformed("entry %d (%s): %s" % (i, e.get("k"), what))


def check_colour(v):
    return isinstance(v, str) and v in COLOURS


def check_entry(e, i, version):
    if not isinstance(e, dict):
        raise Malformed("entry %d: must be an object" % i)
    k = e.get("k")
    if k == "settings":
        with_bots = "bots" in e and version >= 2
        with_clock = "clock" in e and version >= 2
        with_stand_in = "standIn" in e and version >= 2
        fields(e, i, ["k", "setup", "gameId", "chainLength", "shuffleSeats"] + (["bots"] if with_bots else [])
               + (["standIn"] if with_stand_in else []) + (["clock"] if with_clock else []))
        if with_stand_in:
            need(isinstance(e["standIn"], str) and e["standIn"] in BOT_LEVELS, i, e, "standIn must be one of %s" % ", ".join(BOT_LEVELS))
        s = e["setup"]
        need(isinstance(s, dict) and set(s) == {"seats", "options"}, i, e, "setup must be {seats, options}")
        need(isinstance(s["seats"], list) and 1 <= len(s["seats"]) <= 6 and all(check_colour(c) for c in s["seats"]), i, e, "setup.seats")
        o = s["options"]
        need(isinstance(o, dict) and set(o) == {"teams", "unplaceable", "expansion"}, i, e, "setup.options")
        need(type(o["teams"]) is bool and o["unplaceable"] in ("remove", "return"), i, e, "setup.options")
        x = o["expansion"]
        need(isinstance(x, dict) and set(x) == {"tiles", "blue", "equipment", "yellowDie"} and all(type(b) is bool for b in x.values()), i, e, "setup.options.expansion")
        g = e["gameId"]
        need(isinstance(g, str) and 1 <= len(g) <= 64 and all(c.isascii() and (c.isalnum() or c in "_-") for c in g), i, e, "gameId")
        if version == 1:
            need(is_int(e["chainLength"], 1, MAX_CHAIN_LENGTH), i, e, "chainLength must be 1–4096")
        else:
            need(type(e["chainLength"]) is int and e["chainLength"] == MAX_CHAIN_LENGTH, i, e, "chainLength must be 4096 from version 2 on")
        need(type(e["shuffleSeats"]) is bool, i, e, "shuffleSeats")
        if with_bots:
            b = e["bots"]
            need(isinstance(b, list) and len(b) == len(s["seats"]) and all(x is None or (isinstance(x, str) and x in BOT_LEVELS) for x in b),
                 i, e, "bots must list, per seat, null or one of %s" % ", ".join(BOT_LEVELS))
        if with_clock:
            c = e["clock"]
            need(isinstance(c, dict) and set(c) == {"moveMs", "revealMs", "bankMs", "freeMoveMs", "freeRevealMs"}, i, e, "clock must be {moveMs, revealMs, bankMs, freeMoveMs, freeRevealMs}")
            need(is_int(c["moveMs"], 1000, 3600000) and is_int(c["revealMs"], 1000, 3600000) and is_int(c["bankMs"], 0, 7200000)
                 and is_int(c["freeMoveMs"], 0, c["moveMs"]) and is_int(c["freeRevealMs"], 0, c["revealMs"]),
                 i, e, "clock: moveMs and revealMs 1000-3600000, bankMs 0-7200000, each free part within its cap (whole ms)")
    elif k in SEAT_CHANGES and version >= 2:
        fields(e, i, ["k", "colour"])
        need(check_colour(e["colour"]), i, e, "colour")
    elif k == "commit":
        fields(e, i, ["k", "chain", "colour", "commitment"])
        need(is_int(e["chain"], 0, 5) and check_colour(e["colour"]) and is_hex(e["commitment"], 32), i, e, "bad field")
    elif k == "reveal":
        fields(e, i, ["k", "chain", "event", "value"])
        need(is_int(e["chain"], 0, 5) and is_int(e["event"], 0, 4095) and is_hex(e["value"], 32), i, e, "bad field")
    elif k == "seats":
        fields(e, i, ["k", "event", "order"])
        need(is_int(e["event"], 0, 4095) and isinstance(e["order"], list) and 1 <= len(e["order"]) <= 6 and all(check_colour(c) for c in e["order"]), i, e, "bad field")
    elif k == "draw":
        fields(e, i, ["k", "event", "seat", "tile"])
        t = e["tile"]
        need(is_int(e["event"], 0, 4095) and is_int(e["seat"], 0, 5) and isinstance(t, str) and 1 <= len(t) <= 32
             and all(c.isascii() and (c.isalnum() or c in "_.-") for c in t), i, e, "bad field")
    elif k == "place":
        fields(e, i, ["k", "seat", "x", "y", "r"])
        need(is_int(e["seat"], 0, 5) and is_int(e["x"], -1000, 1000) and is_int(e["y"], -1000, 1000) and is_int(e["r"], 0, 3), i, e, "bad field")
    elif k == "deploy":
        fields(e, i, ["k", "seat", "deployment"])
        need(is_int(e["seat"], 0, 5), i, e, "seat")
        d = e["deployment"]
        if d is not None:
            need(isinstance(d, dict) and set(d) == {"meeple", "target", "equipment"}, i, e, "deployment")
            need(d["meeple"] in ("small", "large") and d["equipment"] in (None, "lightsaber", "blaster"), i, e, "deployment")
            t = d["target"]
            ok = isinstance(t, dict) and (
                (set(t) == {"seg"} and is_int(t["seg"], 0, 15)) or
                (set(t) == {"attack"} and isinstance(t["attack"], dict) and set(t["attack"]) == {"x", "y"}
                 and is_int(t["attack"]["x"], -1000, 1000) and is_int(t["attack"]["y"], -1000, 1000)))
            need(ok, i, e, "deployment.target")
    elif k == "throw":
        fields(e, i, ["k", "event", "values"] if version == 1 else ["k", "event", "participants", "values"])
        need(is_int(e["event"], 0, 4095), i, e, "event")
        v = e["values"]
        need(isinstance(v, list) and 1 <= len(v) <= 6 and all(isinstance(d, list) and 1 <= len(d) <= 3 and all(is_int(x, 1, 8) for x in d) for d in v), i, e, "values")
        if version >= 2:
            ps = e["participants"]
            need(isinstance(ps, list) and 1 <= len(ps) <= 6 and len(ps) == len(v), i, e, "participants")
            for p, dice in zip(ps, v):
                need(isinstance(p, dict) and set(p) == {"scorer", "dice", "yellow"} and is_int(p["scorer"], 0, 5)
                     and is_int(p["dice"], 1, 3) and type(p["yellow"]) is bool and len(dice) == p["dice"], i, e, "participants")
                for j, x in enumerate(dice):
                    yellow = p["yellow"] and j == p["dice"] - 1
                    need(3 <= x <= 8 if yellow else 1 <= x <= 6, i, e, "die value out of range")
    elif k == "hash":
        fields(e, i, ["k", "turn", "state"])
        need(is_int(e["turn"], 1, 4096) and is_hex(e["state"], 32), i, e, "bad field")
    elif k == "over":
        fields(e, i, ["k", "scores"])
        need(isinstance(e["scores"], list) and 1 <= len(e["scores"]) <= 6 and all(is_int(s, 0, 1000000) for s in e["scores"]), i, e, "scores")
    else:
        raise Malformed("entry %d: unknown kind %s" % (i, short(k, 20)))


def read_file(raw):
    if not isinstance(raw, dict):
        raise Malformed("the file must be a JSON object")
    secrets = None
    if raw.get("format") == "carcassonne-star-wars-save":
        if set(raw) != {"format", "version", "secrets", "replay"}:
            raise Malformed("a save has exactly format, version, secrets, replay")
        s = raw["secrets"]
        if not isinstance(s, list) or len(s) > 6:
            raise Malformed("secrets: at most 6")
        last = -1
        for x in s:
            if not (isinstance(x, dict) and set(x) == {"chain", "secret"} and is_int(x["chain"], 0, 5) and is_hex(x["secret"], 32)):
                raise Malformed("secrets: each {chain, secret}")
            if x["chain"] <= last:
                raise Malformed("secrets: one per chain, in increasing chain order")
            last = x["chain"]
        secrets = s
        save_version = raw["version"]
        raw = raw["replay"]
        if not isinstance(raw, dict):
            raise Malformed("the replay must be a JSON object")
    if raw.get("format") != "carcassonne-star-wars-replay":
        raise Malformed("not a replay file")
    if raw.get("version") not in (1, 2, 3, 4, 5) or type(raw.get("version")) is not int:
        raise Malformed("unsupported version %s" % short(raw.get("version"), 20))
    version = raw["version"]
    base = {"format", "version", "entries"}
    allowed = base | ({"chat"} if version >= 2 else set()) | (SIGNED_KEYS if version >= 3 else set())
    if not (base <= set(raw) <= allowed) or (version >= 3 and not SIGNED_KEYS <= set(raw)):
        raise Malformed("a replay has exactly format, version, entries (in version 2 maybe chat; versions 3 to 5 add host, startSig, roster, signed, votes)")
    if version >= 3 and secrets is not None:
        raise Malformed("a save holds an unsigned (version 1 or 2) replay")
    if secrets is not None and save_version != raw["version"]:
        raise Malformed("the save's version differs from its replay's")
    entries = raw["entries"]
    if not isinstance(entries, list):
        raise Malformed("entries must be a list")
    for i, e in enumerate(entries):
        check_entry(e, i, raw["version"])
    chat = read_chat(raw["chat"], entries, version) if "chat" in raw else []
    signed = read_signed(raw, len(entries), version) if version >= 3 else None
    return raw["version"], entries, secrets, chat, signed


def read_chat(chat, entries, version):
    """Section 6a: at most 1,200 lines {colour, n, at, text} (version 3: and sig; version 4: and c, the seat's chat number), from players' seats, in strictly increasing (at, colour, n) order.
    Version 4 keeps a line signed for any log index up to 1,000,000 (the wire's bound), even past the log's end."""
    signed = version >= 3
    max_at = MAX_LOG_INDEX if version >= 4 else len(entries)
    names = {"colour", "n", "at", "text"} | ({"sig"} if signed else set()) | ({"c"} if version >= 4 else set())
    if not isinstance(chat, list) or len(chat) > MAX_CHAT_LINES:
        raise Malformed("chat must be a list of at most %d lines" % MAX_CHAT_LINES)
    s = entries[0] if entries and entries[0].get("k") == "settings" else None
    bots = (s.get("bots") or [None] * len(s["setup"]["seats"])) if s else []
    players = [c for c, b in zip(s["setup"]["seats"], bots) if b is None] if s else []
    last = None
    for i, c in enumerate(chat):
        if not (isinstance(c, dict) and set(c) == names):
            raise Malformed("chat line %d: exactly %s" % (i, ", ".join(sorted(names))))
        if signed and not is_hex(c["sig"], 64):
            raise Malformed("chat line %d: sig must be 128 lowercase hex digits" % i)
        if c["colour"] not in players:
            raise Malformed("chat line %d: colour must be a player's seat of this game" % i)
        if not (is_int(c["n"], 0, MAX_LOG_INDEX) and is_int(c["at"], 0, max_at)):
            raise Malformed("chat line %d: n and at must be integers within the log" % i)
        if version >= 4 and not is_int(c["c"], 0, MAX_CHAT_PER_SEAT - 1):
            raise Malformed("chat line %d: c must be a chat number from 0 to %d" % (i, MAX_CHAT_PER_SEAT - 1))
        t = c["text"]
        if not isinstance(t, str) or len(t.encode("utf-16-le", "surrogatepass")) // 2 > MAX_CHAT_TEXT or any(ord(x) in CHAT_FORBIDDEN for x in t):
            raise Malformed("chat line %d: text of at most %d characters without control characters" % (i, MAX_CHAT_TEXT))
        key = (c["at"], c["colour"], c["n"])
        if last is not None and key <= last:
            raise Malformed("chat line %d: lines must be in (at, colour, n) order, each once" % i)
        last = key
    return chat


def read_signed(raw, n_entries, version=3):
    """Section 6b: the grammar of a version-3 replay's signed part (version 5: each entry signature has w, null or a bank claim)."""
    def bad(what):
        raise Malformed("signatures: %s" % what)

    def exact(v, where, names):
        if not (isinstance(v, dict) and set(v) == set(names)):
            bad("%s must be {%s}" % (where, ", ".join(names)))
        return v

    def listed(v, where, most):
        if not (isinstance(v, list) and len(v) <= most):
            bad("%s must be a list of at most %d" % (where, most))
        return v

    def num(v, where, most):
        if not is_int(v, 0, most):
            bad("%s must be an integer from 0 to %d" % (where, most))
        return v

    def hexed(v, where, n):
        if not is_hex(v, n):
            bad("%s must be %d lowercase hex digits" % (where, 2 * n))
        return v

    hexed(raw["host"], '"host"', 32)
    hexed(raw["startSig"], '"startSig"', 64)
    for i, r in enumerate(listed(raw["roster"], '"roster"', 6)):
        exact(r, "roster[%d]" % i, ["colour", "bot", "pub", "name"])
        if not check_colour(r["colour"]):
            bad("roster[%d].colour must be a colour" % i)
        if not (r["bot"] is None or (isinstance(r["bot"], str) and r["bot"] in BOT_LEVELS)):
            bad("roster[%d].bot must be null or a bot level" % i)
        if r["pub"] is not None:
            hexed(r["pub"], "roster[%d].pub" % i, 32)
        nm = r["name"]
        if not (nm is None or (isinstance(nm, str) and len(nm.encode("utf-16-le", "surrogatepass")) // 2 <= 32 and not any(ord(x) in CHAT_FORBIDDEN for x in nm))):
            bad("roster[%d].name must be null or a short name" % i)
    for i, e in enumerate(listed(raw["signed"], '"signed"', n_entries)):
        exact(e, "signed[%d]" % i, ["at", "a", "n", "h", "w", "sig"] if version >= 5 else ["at", "a", "n", "h", "sig"])
        if version >= 5 and e["w"] is not None:
            for j, x in enumerate(listed(e["w"], "signed[%d].w" % i, 6)):
                num(x, "signed[%d].w[%d]" % (i, j), MAX_BANK_CLAIM)
        num(e["at"], "signed[%d].at" % i, n_entries)
        num(e["a"], "signed[%d].a" % i, 5)
        num(e["n"], "signed[%d].n" % i, 1000000)
        if e["h"] is not None:
            exact(e["h"], "signed[%d].h" % i, ["turn", "state"])
            num(e["h"]["turn"], "signed[%d].h.turn" % i, 4096)
            hexed(e["h"]["state"], "signed[%d].h.state" % i, 32)
        hexed(e["sig"], "signed[%d].sig" % i, 64)
    for i, v in enumerate(listed(raw["votes"], '"votes"', n_entries)):
        exact(v, "votes[%d]" % i, ["at", "what", "colour", "point", "by"])
        num(v["at"], "votes[%d].at" % i, n_entries)
        if v["what"] not in ("drop", "reclaim"):
            bad('votes[%d].what must be "drop" or "reclaim"' % i)
        if not check_colour(v["colour"]):
            bad("votes[%d].colour must be a colour" % i)
        num(v["point"], "votes[%d].point" % i, 1000000)
        for j, b in enumerate(listed(v["by"], "votes[%d].by" % i, 6)):
            exact(b, "votes[%d].by[%d]" % (i, j), ["a", "n", "at", "sig"])
            num(b["a"], "votes[%d].by[%d].a" % (i, j), 5)
            num(b["n"], "votes[%d].by[%d].n" % (i, j), 1000000)
            num(b["at"], "votes[%d].by[%d].at" % (i, j), 1000000)
            hexed(b["sig"], "votes[%d].by[%d].sig" % (i, j), 64)
    return {k: raw[k] for k in SIGNED_KEYS}


# ------------------------------------------------------------------ section 6b: Ed25519 (RFC 8032, verification only)
# Public keys, signatures and messages only: nothing secret passes through here, so this
# needs no constant-time care. Points in extended coordinates (X : Y : Z : T), x = X/Z,
# y = Y/Z, x*y = T/Z, on -x^2 + y^2 = 1 + d x^2 y^2 over GF(p).

ED_P = 2**255 - 19
ED_L = 2**252 + 27742317777372353535851937790883648493
ED_D = -121665 * pow(121666, ED_P - 2, ED_P) % ED_P
ED_SQRT_M1 = pow(2, (ED_P - 1) // 4, ED_P)
ED_ZERO = (0, 1, 1, 0)


def ed_add(P, Q):
    x1, y1, z1, t1 = P
    x2, y2, z2, t2 = Q
    a = (y1 - x1) * (y2 - x2) % ED_P
    b = (y1 + x1) * (y2 + x2) % ED_P
    c = 2 * t1 * t2 * ED_D % ED_P
    dd = 2 * z1 * z2 % ED_P
    e, f, g, h = b - a, dd - c, dd + c, b + a
    return (e * f % ED_P, g * h % ED_P, f * g % ED_P, e * h % ED_P)


def ed_decode(s):
    """RFC 8032 5.1.3: 32 bytes to a point, or None (y >= p, or no x for y, or x = 0 with the sign bit set)."""
    y = int.from_bytes(s, "little")
    sign = y >> 255
    y &= (1 << 255) - 1
    if y >= ED_P:
        return None
    u, v = (y * y - 1) % ED_P, (ED_D * y * y + 1) % ED_P
    x = u * pow(v, 3, ED_P) * pow(u * pow(v, 7, ED_P), (ED_P - 5) // 8, ED_P) % ED_P
    if (v * x * x - u) % ED_P != 0:
        x = x * ED_SQRT_M1 % ED_P
        if (v * x * x - u) % ED_P != 0:
            return None
    if x == 0 and sign:
        return None
    if (x & 1) != sign:
        x = ED_P - x
    return (x, y, 1, x * y % ED_P)


ED_B = ed_decode((4 * pow(5, ED_P - 2, ED_P) % ED_P).to_bytes(32, "little"))


def ed_verify(pub_hex, message, sig_hex):
    """RFC 8032 5.1.7: [8][S]B = [8]R + [8][k]A, with S < L, both points canonically encoded, and A not of small order."""
    pub, sig = bytes.fromhex(pub_hex), bytes.fromhex(sig_hex)
    A, R = ed_decode(pub), ed_decode(sig[:32])
    S = int.from_bytes(sig[32:], "little")
    if A is None or R is None or S >= ED_L:
        return False
    a8 = A
    for _ in range(3):
        a8 = ed_add(a8, a8)
    if a8[0] % ED_P == 0 and (a8[1] - a8[2]) % ED_P == 0:
        return False  # [8]A is the identity: a small-order key, for which anyone could sign
    k = int.from_bytes(hashlib.sha512(sig[:32] + pub + message).digest(), "little") % ED_L
    # [S]B + [k](-A) by one double-and-add over both scalars, then minus R, times 8: the identity?
    neg_a = ((-A[0]) % ED_P, A[1], A[2], (-A[3]) % ED_P)
    both = ed_add(ED_B, neg_a)
    acc = ED_ZERO
    for i in range(max(S.bit_length(), k.bit_length()) - 1, -1, -1):
        acc = ed_add(acc, acc)
        sb, kb = (S >> i) & 1, (k >> i) & 1
        if sb and kb:
            acc = ed_add(acc, both)
        elif sb:
            acc = ed_add(acc, ED_B)
        elif kb:
            acc = ed_add(acc, neg_a)
    acc = ed_add(acc, ((-R[0]) % ED_P, R[1], R[2], (-R[3]) % ED_P))
    for _ in range(3):
        acc = ed_add(acc, acc)
    x, y, z, _t = acc
    return x % ED_P == 0 and (y - z) % ED_P == 0


# ------------------------------------------------------------------ section 6b: what the signatures cover

def canonical(v):
    """Section 6b: integers as digits, strings as JSON, lists in order, objects with sorted keys, no spaces."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if type(v) is int:
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ",".join(canonical(x) for x in v) + "]"
    return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + canonical(v[k]) for k in sorted(v, key=lambda s: s.encode("utf-16-be", "surrogatepass"))) + "}"


def signing_message(tag, text):
    return ("carcassonne-sw/%s/v1\x00%s" % (tag, text)).encode("utf-8", "surrogatepass")


def item_text(game, a, n, at, body, h, p=False, w=False):
    """Version 4 adds p, the hash of the log prefix the item extends (a hex string, or null); False: a version-3 item without it.
    Version 5 adds w, a move's bank claim (a list) or null; False: an older item without it."""
    fields = {"g": game, "a": a, "n": n, "at": at, "body": body, "h": h}
    if p is not False:
        fields["p"] = p
    if w is not False:
        fields["w"] = w
    return canonical(fields)


PREFIX_SEED = hashlib.sha256(b"carcassonne-sw/prefix/v1").digest()


def prefix_hashes(entries):
    """Section 6b (version 4): H(0) = SHA-256("carcassonne-sw/prefix/v1"), H(i+1) = SHA-256(H(i) || canonical JSON of entry i), hex."""
    out = [PREFIX_SEED]
    for e in entries:
        out.append(hashlib.sha256(out[-1] + canonical(e).encode("utf-8", "surrogatepass")).digest())
    return [h.hex() for h in out]


def fingerprint(pub_hex):
    h = hashlib.sha256(bytes.fromhex(pub_hex)).hexdigest()
    return "%s-%s" % (h[:4], h[4:8])


def check_signatures(entries, chat, g, version=3):
    """Section 6b: every signature of a version-3 or -4 replay, in log order; the lines to print."""
    bound = version >= 4
    claims = version >= 5
    prefixes = prefix_hashes(entries) if bound else []
    words = []

    def w_of(v):
        return v if claims else False

    def p_at(at):
        if not bound:
            return False
        return prefixes[at] if at is not None and 0 <= at < len(prefixes) else None
    settings = entries[0]
    game = settings["gameId"]
    lobby = settings["setup"]["seats"]
    bots_at_start = settings.get("bots") or [None] * len(lobby)
    roster = g["roster"]

    def fail(at, what):
        raise Rejected("entry %d: %s" % (at, what))

    if len(roster) != len(lobby) or any(r["colour"] != lobby[i] or r["bot"] != bots_at_start[i] or (r["pub"] is None) != (r["bot"] is not None) for i, r in enumerate(roster)):
        fail(0, "expected a roster of the settings' seats, with a key for each player's seat")
    if not any(r["pub"] == g["host"] for r in roster):
        fail(0, "expected a host that holds a seat, found host key %s" % fingerprint(g["host"]))
    start = canonical({"settings": settings, "roster": roster, "host": g["host"]})
    if not ed_verify(g["host"], signing_message("start", start), g["startSig"]):
        fail(0, "expected the start record signed by the host's key %s, found a bad signature" % fingerprint(g["host"]))
    pubs = [r["pub"] for r in roster]
    counts = [[0, 0, 0] for _ in roster]
    seen = {}

    def once(a, n, text, at):
        prior = seen.get((a, n))
        if prior is not None and prior != text:
            fail(at, "expected one signed item numbered %d from %s, found two different ones (equivocation)" % (n, lobby[a]))
        seen[(a, n)] = text

    order = list(lobby)
    bot = [b is not None for b in bots_at_start]
    # Section 6b (version 5): each seat's latest bank claim, and which seats are live players (only theirs count).
    latest = [None] * len(lobby)
    live = [pub is not None for pub in pubs]
    turn = 1
    hash_at = {}
    si = vi = attested = 0
    signed, votes = g["signed"], g["votes"]
    for i, e in enumerate(entries):
        k = e["k"]
        author = None
        change = None
        if k == "hash":
            hash_at[e["turn"]] = (i, e["state"])
            turn = e["turn"] + 1
        elif k == "seats":
            order = list(e["order"])
        elif k in ("commit", "reveal"):
            author = e["chain"]
        elif k == "resign":
            author = lobby.index(e["colour"]) if e["colour"] in lobby else -1
            if author >= 0:
                bot[author] = True
                live[author] = False
        elif k in ("place", "deploy"):
            a = lobby.index(order[e["seat"]]) if e["seat"] < len(order) and order[e["seat"]] in lobby else -1
            author = a if a >= 0 and not bot[a] else None
        elif k in ("drop", "reclaim"):
            a = lobby.index(e["colour"]) if e["colour"] in lobby else -1
            voters = [j for j, c in enumerate(lobby) if pubs[j] is not None and not bot[j] and c != e["colour"]]
            if a >= 0:
                bot[a] = k == "drop"
                live[a] = k == "reclaim"
            change = (k, e["colour"], voters, a)
        if author is not None:
            s = signed[si] if si < len(signed) else None
            if s is None or s["at"] != i:
                fail(i, "expected the signature of %s, found %s" % (lobby[author] if 0 <= author < len(lobby) else "its author", "the next signature for entry %d" % s["at"] if s else "none"))
            si += 1
            if s["a"] != author or not (0 <= author < len(pubs)) or pubs[author] is None:
                fail(i, "expected a signature by %s, found one by seat %d" % (lobby[author] if 0 <= author < len(lobby) else "its author", s["a"]))
            if claims:
                w = s["w"]
                if k in ("place", "deploy") and (w is None or len(w) != len(lobby)):
                    fail(i, "expected %s's signed entry with a list of %d bank claims (one per seat), found %s" % (lobby[author], len(lobby), "none" if w is None else "w %s" % short(w, 40)))
                if k not in ("place", "deploy") and w is not None:
                    fail(i, "expected %s's signed entry with no bank claim (only a move carries one), found w %s" % (lobby[author], short(w, 40)))
                if w is not None:
                    latest[author] = list(w)
            text = item_text(game, s["a"], s["n"], i, {"k": "entry", "entry": e}, s["h"], p_at(i if k in ("place", "deploy") else None), w_of(s.get("w")))
            if not ed_verify(pubs[author], signing_message("item", text), s["sig"]):
                fail(i, "expected %s's signature (key %s), found a bad signature" % (lobby[author], fingerprint(pubs[author])))
            once(author, s["n"], text, i)
            if s["h"] is not None:
                mine = hash_at.get(s["h"]["turn"])
                if (mine is None or mine[0] >= i) and bound:
                    words.append("%s signed a state hash of turn %d (entry %d), a turn the log had not ended there" % (lobby[author], s["h"]["turn"], i))
                elif mine is None or mine[0] >= i:
                    fail(i, "expected %s's signed state hash of a turn before this entry" % lobby[author])
                elif mine[1] == s["h"]["state"]:
                    attested += 1
                elif bound:
                    words.append("%s signed a state hash of turn %d (entry %d) that the log contradicts" % (lobby[author], s["h"]["turn"], i))
                else:
                    fail(i, "expected %s's signed state hash of turn %d to match the log's" % (lobby[author], s["h"]["turn"]))
            counts[author][0] += 1
        if change is not None:
            what, colour, voters, target = change
            v = votes[vi] if vi < len(votes) else None
            if v is None or v["at"] != i:
                fail(i, "expected the signed votes behind the %s of %s, found %s" % (what, colour, "the next votes for entry %d" % v["at"] if v else "none"))
            vi += 1
            if v["what"] != what or v["colour"] != colour:
                fail(i, "expected votes to %s %s, found votes to %s %s" % (what, colour, v["what"], v["colour"]))
            if (v["point"] != i) if what == "drop" else (v["point"] > turn):
                fail(i, "expected votes for %s, found votes for point %d" % ("the drop at log index %d" % i if what == "drop" else "a reclaim by turn %d" % turn, v["point"]))
            need_by = sorted(voters + [target]) if what == "reclaim" else voters
            by = [b["a"] for b in v["by"]]
            if bound and what == "drop":
                if not by or any(a not in need_by for a in by) or by != sorted(set(by)):
                    fail(i, "expected the votes of at least one of %s" % (", ".join(lobby[a] for a in need_by) or "nobody (a drop nobody may vote for)"))
                if any(b["at"] != i for b in v["by"]):
                    fail(i, "expected drop votes signed for log index %d" % i)
                words.append("the drop of %s at entry %d rests on the word of %s (%d of %d eligible)" % (colour, i, ", ".join(lobby[a] for a in by), len(by), len(need_by)))
            elif by != need_by:
                fail(i, "expected the votes of %s" % (", ".join(lobby[a] for a in need_by) or "nobody"))
            for b in v["by"]:
                if bound and b["at"] > len(entries):
                    fail(i, "expected a vote signed within the log")
                text = item_text(game, b["a"], b["n"], b["at"], {"k": "vote", "what": what, "colour": colour, "point": v["point"]}, None, p_at(b["at"]), w_of(None))
                if not ed_verify(pubs[b["a"]], signing_message("item", text), b["sig"]):
                    fail(i, "expected %s's signed vote (key %s), found a bad signature" % (lobby[b["a"]], fingerprint(pubs[b["a"]])))
                once(b["a"], b["n"], text, i)
                counts[b["a"]][1] += 1
    if si != len(signed):
        fail(signed[si]["at"], "expected no signature for an entry nobody authored")
    if vi != len(votes):
        fail(votes[vi]["at"], "expected no votes for an entry that is not a drop or reclaim")
    numbers = {}
    for c in chat:
        a = lobby.index(c["colour"])
        if pubs[a] is None:
            fail(c["at"], "expected a chat line signed by a player's seat, found one from %s" % c["colour"])
        body = {"k": "chat", "c": c["c"], "text": c["text"]} if bound else {"k": "chat", "text": c["text"]}
        text = item_text(game, a, c["n"], c["at"], body, None, None if bound else False, w_of(None))
        if not ed_verify(pubs[a], signing_message("item", text), c["sig"]):
            fail(c["at"], "expected %s's signed chat line (key %s), found a bad signature" % (c["colour"], fingerprint(pubs[a])))
        once(a, c["n"], text, c["at"])
        counts[a][2] += 1
        if bound:
            numbers.setdefault(a, []).append(c["c"])
    # Version 4: each seat's chat numbers are 0..k-1, each once (a line deleted from the middle leaves a gap).
    for a, ns in numbers.items():
        ns = sorted(ns)
        wrong = next((j for j, x in enumerate(ns) if x != j), None)
        if wrong is not None:
            fail(len(entries), "expected %s's chat lines numbered 0 to %d, each once, found %s" % (lobby[a], len(ns) - 1, "chat number %d twice" % ns[wrong] if ns[wrong] < wrong else "no chat line numbered %d (a line is missing)" % wrong))
    host = next(r["colour"] for r in roster if r["pub"] == g["host"])
    tot = [sum(x[j] for x in counts) for j in range(3)]
    lines = ["signatures: all %d Ed25519 signatures hold (the start record by the host, %s; %d entries, %d votes, %d chat lines; %d signed state hashes match the log)" % (sum(tot) + 1, host, tot[0], tot[1], tot[2], attested)]
    for i, r in enumerate(roster):
        if r["pub"]:
            lines.append("signed by %s: key %s (%d entries, %d votes, %d chat lines)" % (r["colour"], fingerprint(r["pub"]), counts[i][0], counts[i][1], counts[i][2]))
        else:
            lines.append("%s: a bot seat, signs nothing" % r["colour"])
    if claims:
        # Section 6b (version 5): a seat's bank used is the smallest latest claim of the other live players (0 if none claimed).
        bank = (settings.get("clock") or {"bankMs": DEFAULT_BANK_MS})["bankMs"] // 1000
        used = []
        for j, r in enumerate(roster):
            if not r["pub"]:
                continue
            others = [latest[b][j] for b in range(len(lobby)) if b != j and live[b] and latest[b] is not None]
            used.append("%s %d" % (r["colour"], min(min(others) if others else 0, bank)))
        lines.append("time banks (seconds used of %d, the smallest claim of the other players): %s" % (bank, ", ".join(used)))
    return lines + words


# ------------------------------------------------------------------ section 4: seeds and values

def sha(b):
    return hashlib.sha256(b).digest()


def seed(game_id, event, reveals):
    gid = game_id.encode("ascii")
    return sha(TAG + bytes([len(gid)]) + gid + event.to_bytes(4, "big") + b"".join(reveals))


class Stream:
    def __init__(self, s):
        self.seed = s
        self.counter = 0
        self.buf = b""
        self.at = 0

    def byte(self):
        if self.at == len(self.buf):
            self.buf = sha(self.seed + self.counter.to_bytes(4, "big"))
            self.counter += 1
            self.at = 0
        b = self.buf[self.at]
        self.at += 1
        return b

    def uniform(self, n):
        k = 1
        while 256 ** k < n:
            k += 1
        span = 256 ** k
        limit = span - span % n
        while True:
            v = 0
            for _ in range(k):
                v = v * 256 + self.byte()
            if v < limit:
                return v % n


def seatings(lobby, teams):
    out = []

    def visit(cur, used):
        if len(cur) == len(lobby):
            if not teams or all(TEAM.get(cur[i]) != TEAM.get(cur[(i + 1) % len(cur)]) for i in range(len(cur))):
                out.append(list(cur))
            return
        for i in range(len(lobby)):
            if not used[i]:
                used[i] = True
                cur.append(lobby[i])
                visit(cur, used)
                cur.pop()
                used[i] = False

    visit([], [False] * len(lobby))
    return out


# ------------------------------------------------------------------ section 7: following the log

def follow(version, entries, secrets, forfeits):
    lines = []
    n_entries = len(entries)
    pos = [0]

    def peek():
        return entries[pos[0]] if pos[0] < n_entries else None

    def take():
        e = entries[pos[0]]
        pos[0] += 1
        return e

    def fail(what):
        raise Rejected("entry %d: %s" % (pos[0], what))

    if not entries or entries[0]["k"] != "settings":
        raise Rejected("entry 0: expected the settings entry")
    settings = take()
    lobby = settings["setup"]["seats"]
    options = settings["setup"]["options"]
    n = len(lobby)
    L = settings["chainLength"]
    bots = settings.get("bots") or [None] * n
    chain_seats = [i for i in range(n) if bots[i] is None]  # section 6a: a bot seat has no chain
    if not chain_seats:
        raise Rejected("entry 0: expected a setup with at least one seat that is not a bot seat")
    heads = {}
    commits = {}
    for i in chain_seats:
        e = peek()
        if e is None:
            return lines, "in progress (before the game)", None
        if e["k"] != "commit" or e["chain"] != i or e["colour"] != lobby[i]:
            fail("expected the commitment of chain %d (%s)" % (i, lobby[i]))
        take()
        heads[i] = bytes.fromhex(e["commitment"])
        commits[i] = e["commitment"]
    if secrets:
        for x in secrets:
            if x["chain"] not in commits:
                raise Malformed("a secret for chain %d, which the log does not have" % x["chain"])
            link = bytes.fromhex(x["secret"])
            for _ in range(L):
                link = sha(link)
            if link.hex() != commits[x["chain"]]:
                raise Rejected("entry %d: the saved secret of chain %d does not rebuild its commitment" % (1 + chain_seats.index(x["chain"]), x["chain"]))

    state = {"event": 0, "turn": None}
    # Section 6a: who plays each seat ("player", "bot" for a bot seat, "dropped", "resigned"),
    # the seats that forfeit, and the chains that still take part in events.
    control = {c: ("bot" if bots[i] else "player") for i, c in enumerate(lobby)}
    taking = set(chain_seats)

    def when(i):
        return "%s (entry %d)" % ("during the seat shuffle" if state["turn"] is None else "at turn %d" % state["turn"], i)

    def leave(e, what):
        """A drop or resignation: the seat forfeits and its chain takes part in no event from now on."""
        c = e["colour"]
        if control[c] != "player":
            fail("%s of %s, which is played by a bot" % (e["k"], c))
        control[c] = "dropped" if e["k"] == "drop" else "resigned"
        forfeits[c] = control[c]
        taking.discard(lobby.index(c))
        lines.append("%s %s %s: its chain takes no part from event %d on; a stand-in bot (%s) plays the seat"
                     % (c, "was dropped" if e["k"] == "drop" else "resigned", when(pos[0]), state["event"], settings.get("standIn", STAND_IN_BOT)))

    def move_slot(colour, phase):
        """Seat changes in the place of the active seat's move (section 6a); returns False at the end of the log."""
        while True:
            e = peek()
            if e is None:
                return False
            if e["k"] not in SEAT_CHANGES:
                return True
            c = e["colour"]
            if c not in lobby:
                fail("%s of %s, which is not in this game" % (e["k"], c))
            if c != colour:
                fail("%s of %s in the place of %s's %s" % (e["k"], c, colour, phase))
            if e["k"] == "reclaim":
                if control[c] != "dropped":
                    fail("a reclaim of %s, which was not dropped (or already plays)" % c)
                if phase != "place":
                    fail("a reclaim of %s, which may only come before its own placement" % c)
                control[c] = "player"
                lines.append("%s took its seat back %s: its player moves again; its chain stays out and it still forfeits" % (c, when(pos[0])))
            else:
                leave(e, phase)
            take()

    def reveals():
        """A reveal for the due event from each chain taking part, any chain order, or a drop or
        resignation in the place of one; returns the seed, or None at the end of the log."""
        e_num = state["event"]
        got = {}
        while len(got) < len(taking):
            e = peek()
            if e is None:
                return None
            if e["k"] in ("drop", "resign"):
                c = e["colour"]
                if c not in lobby:
                    fail("%s of %s, which is not in this game" % (e["k"], c))
                if lobby.index(c) not in taking or lobby.index(c) in got:
                    fail("%s of %s, which has no reveal due for event %d" % (e["k"], c, e_num))
                leave(e, "reveal")
                take()
                continue
            if e["k"] != "reveal":
                fail("expected a reveal for event %d" % e_num)
            if e["event"] != e_num:
                fail("a reveal for event %d while event %d is due" % (e["event"], e_num))
            if e["chain"] not in taking or e["chain"] in got:
                fail("a second reveal of chain %d, or one from a chain that takes no part" % e["chain"])
            if e_num >= L:
                fail("event %d reaches the chain length %d" % (e_num, L))
            value = bytes.fromhex(e["value"])
            if sha(value) != heads[e["chain"]]:
                fail("the reveal of chain %d does not hash to its previous link" % e["chain"])
            got[e["chain"]] = value
            take()
        for c, v in got.items():
            heads[c] = v
        state["event"] += 1
        return seed(settings["gameId"], e_num, [got[c] for c in sorted(got)])

    seating = lobby
    if settings["shuffleSeats"]:
        s = reveals()
        if s is None:
            return lines, "in progress (before the seat shuffle)", None
        e = peek()
        if e is None:
            return lines, "in progress (before the seat shuffle)", None
        options_list = seatings(lobby, options["teams"])
        want = options_list[Stream(s).uniform(len(options_list))]
        if e["k"] != "seats" or e["event"] != state["event"] - 1 or e["order"] != want:
            fail("expected the seating %s from event %d" % (",".join(want), state["event"] - 1))
        take()
        lines.append("event %d seats %s" % (e["event"], ",".join(want)))
        seating = want
    n_seats = len(seating)

    supply = dict(BASE)
    order = [t for t, _ in BASE]
    if options["expansion"]["tiles"]:
        supply.update(EXPANSION)
        order += [t for t, _ in EXPANSION]

    def supply_list():
        out = []
        for t in order:
            out += [t] * supply[t]
        return out

    turn, seat = 1, 0
    state["turn"] = turn
    while True:
        # one turn: draws until one is placed (or the game ends)
        drawn = None
        ended = False
        while True:
            if drawn is not None and options["unplaceable"] == "return":
                supply[drawn] += 1  # the unplaceable tile goes back before the redraw
            s = reveals()
            if s is None:
                return lines, "in progress (turn %d)" % turn, None
            e = peek()
            if e is None:
                return lines, "in progress (turn %d)" % turn, None
            lst = supply_list()
            if not lst:
                fail("a draw from an empty supply")
            tile = lst[Stream(s).uniform(len(lst))]
            if e["k"] != "draw" or e["event"] != state["event"] - 1 or e["seat"] != seat or e["tile"] != tile:
                fail("expected a draw of %s for seat %d from event %d" % (tile, seat, state["event"] - 1))
            take()
            supply[tile] -= 1
            lines.append("event %d draw turn %d seat %d %s" % (e["event"], turn, seat, tile))
            nxt = peek()
            if nxt is None:
                return lines, "in progress (turn %d)" % turn, None
            # Seat changes right after a draw took a move slot if a placement follows them,
            # else the reveal slots of the redraw (section 7, step 8).
            ahead = pos[0]
            while ahead < n_entries and entries[ahead]["k"] in SEAT_CHANGES:
                ahead += 1
            if ahead == n_entries:
                return lines, "in progress (turn %d)" % turn, None
            if entries[ahead]["k"] == "place":
                if not move_slot(seating[seat], "place"):
                    return lines, "in progress (turn %d)" % turn, None
                break
            if nxt["k"] == "hash":
                ended = True  # unplaceable, and the game ended (section 5)
                if options["unplaceable"] == "remove" and any(supply.values()):
                    fail("the game cannot end with tiles left in the supply")
                break
            if nxt["k"] not in ("reveal", "drop", "resign") and not (nxt["k"] == "draw" and not taking):
                fail("expected the placement by seat %d, or a redraw" % seat)
            drawn = tile
        if not ended:
            e = take()
            if e["seat"] != seat:
                fail("expected the placement by seat %d" % seat)
            if not move_slot(seating[seat], "deploy"):
                return lines, "in progress (turn %d)" % turn, None
            e = peek()
            if e["k"] != "deploy" or e["seat"] != seat:
                fail("expected the deployment of seat %d" % seat)
            take()
            while True:  # zero or more throws
                e = peek()
                if e is None:
                    return lines, "in progress (turn %d)" % turn, None
                if e["k"] == "hash":
                    break
                s = reveals()
                if s is None:
                    return lines, "in progress (turn %d)" % turn, None
                e = peek()
                if e is None:
                    return lines, "in progress (turn %d)" % turn, None
                if e["k"] != "throw" or e["event"] != state["event"] - 1:
                    fail("expected the throw derived from event %d" % (state["event"] - 1))
                stream = Stream(s)
                parts = []
                if version >= 2:
                    for p, dice in zip(e["participants"], e["values"]):
                        want = [(3 if p["yellow"] and j == p["dice"] - 1 else 1) + stream.uniform(6) for j in range(p["dice"])]
                        if want != dice:
                            fail("expected the throw %s from event %d" % (want, e["event"]))
                        parts.append("%d:%s" % (p["scorer"], ",".join(str(d) + ("y" if p["yellow"] and j == p["dice"] - 1 else "") for j, d in enumerate(dice))))
                else:
                    # Version 1 names no participants: dice counts come from the values, and
                    # the yellow die (last die only) is the value that is 2 above the normal one.
                    for dice in e["values"]:
                        shown = []
                        for j, d in enumerate(dice):
                            u = stream.uniform(6)
                            if d == 1 + u:
                                shown.append(str(d))
                            elif d == 3 + u and j == len(dice) - 1:
                                shown.append("%dy" % d)
                            else:
                                fail("die %d of the throw from event %d is not derived" % (j + 1, e["event"]))
                        parts.append("?:" + ",".join(shown))
                take()
                lines.append("event %d throw turn %d %s" % (e["event"], turn, " ".join(parts)))
        e = peek()
        if e is None:
            return lines, "in progress (turn %d)" % turn, None
        if e["k"] != "hash" or e["turn"] != turn:
            fail("expected the state hash of turn %d" % turn)
        take()
        if ended or not any(supply.values()):
            e = peek()
            if e is None:
                return lines, "in progress (the final scores are due)", None
            if e["k"] != "over":
                fail("expected the final scores")
            take()
            if peek() is not None:
                fail("expected the end of the log")
            return lines, "finished after %d turns" % turn, turn
        turn += 1
        state["turn"] = turn
        seat = (seat + 1) % n_seats


def main(argv):
    quiet = "--quiet" in argv
    args = [a for a in argv if a != "--quiet"]
    if len(args) != 1:
        sys.stderr.write("usage: python3 tools/verify.py [--quiet] FILE\n")
        return 2
    path = args[0]
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        sys.stderr.write("verify.py: cannot read %s (%s)\n" % (path[:80], e.strerror))
        return 2
    try:
        version, entries, secrets, chat, signed = read_file(parse_file(data))
        forfeits = {}
        lines, how, _ = follow(version, entries, secrets, forfeits)
        sig_lines = check_signatures(entries, chat, signed, version) if signed is not None else None
    except Malformed as e:
        sys.stderr.write("verify.py: malformed: %s\n" % str(e)[:180])
        return 2
    except Rejected as e:
        sys.stderr.write("verify.py: REJECTED at %s\n" % str(e)[:180])
        return 1
    lobby = entries[0]["setup"]["seats"]
    bots = entries[0].get("bots") or []
    if any(bots):
        lines.insert(0, "bot seats (no chain, no commitment; every peer runs the bot): %s" % ", ".join("%s (%s)" % (c, b) for c, b in zip(lobby, bots) if b))
    if forfeits:
        lines.append("forfeits: %s; each ranks last whatever its score" % ", ".join("%s (%s)" % (c, forfeits[c]) for c in lobby if c in forfeits))
    if chat:
        lines.append("chat: %d %s%s" % (len(chat), "line" if len(chat) == 1 else "lines", " (each signed by its author)" if sig_lines else " (not proven: nothing in an unsigned replay binds who wrote them)"))
    if sig_lines:
        lines.extend(sig_lines)
    else:
        lines.append("unsigned: log version %d carries no signatures (a one-device game, or an older file); it proves consistency with its commitments, not who wrote each entry" % version)
    if not quiet:
        sys.stdout.write("".join(l + "\n" for l in lines))
    sys.stdout.write("verify.py: consistent, %s: %d derived values (version %d%s)\n" % (how, sum(l.startswith("event ") for l in lines), version, ", save" if secrets is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
