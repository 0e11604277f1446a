#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen-man3.py -- the man3 pages of libancientgames, from Doxygen's XML output of
include/ancientgames.h (Python standard library only).

The header is the one place each promise is written; this script only lays its
Doxygen comments out as Unix manual pages (man-pages(7) sections):

  NAME, LIBRARY, SYNOPSIS, DESCRIPTION, RETURN VALUE, ERRORS, THREADS,
  EXAMPLE, HISTORY, SEE ALSO

one page per exported function, type, enum and constant family, plus
ancientgames-api(3), the overview by topic (the header's @defgroup blocks).

What it reads in a function's comment:
  first sentence (@brief)  the NAME line (lower-cased, final period dropped)
  the rest                 DESCRIPTION; each @param becomes a tagged paragraph
  @return                  RETURN VALUE
  @retval AG_Exxx when     one ERRORS entry (AG_OK and other values: RETURN VALUE);
                           without any @retval, ERRORS lists the AG_E* codes that
                           @return names, with each code's own description
  @par Example + @include F  EXAMPLE: the file man/examples/F, verbatim
  @sa / @see               SEE ALSO (with every function the text refers to)
  @since X.Y.Z             HISTORY (default: the version node of the map file)
  @manpage{other}          this function is documented on other's page (one
                           concept, e.g. ag_state_apply_joint on ag_state_apply);
                           its name gets a `.so' link
  @manname{text}           the NAME description of a page (default: the brief)
(@manpage and @manname are ALIASES of man/Doxyfile.in that only leave a mark in
the XML output.)

usage: gen-man3.py --xml DIR --map FILE --examples DIR --out DIR
                   --version X.Y.Z --date YYYY-MM-DD
       gen-man3.py --xml DIR --map FILE --list-errors   (FUNCTION CODE lines)
"""
import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET

SECTION = "3"
HEADER = "ancientgames.h"
LIBRARY_NAME = "libancientgames"
PKG = "liboldgames"

# Constant families: a #define AG_WORD_* of the Constants group belongs to the family
# AG_WORD (errors: AG_OK, AG_ERROR and AG_E*).  The page is named after the family's
# first constant; each other constant gets a .so link.  A family missing here still
# gets a page, with a generic NAME line.
FAMILIES = {
    "AG_VERSION": ("the version of the header", ["ag_version"]),
    "AG_ERRORS": ("error codes of the library", ["ag_strerror", "ag_errmsg"]),
    "AG_PLAYER": ("special player values", ["ag_state_current_player", "ag_state_outcome"]),
    "AG_GAME": ("game flags", ["ag_game_flags"]),
    "AG_NODE": ("kinds of board nodes", ["ag_game_node"]),
    "AG_EDGE": ("kinds of board edges", ["ag_game_edge"]),
    "AG_MOVE": ("kinds of moves", ["ag_move_info"]),
    "AG_PIECE": ("kinds of pieces", ["ag_state_piece"]),
    "AG_OUTCOME": ("results of a game", ["ag_state_outcome", "ag_state_playout"]),
    "AG_END": ("reasons why a game ended", ["ag_state_outcome", "ag_state_playout"]),
}

ERROR_RE = re.compile(r"^AG_(E[A-Z]+|ERROR)$")


def family_of(name):
    if name == "AG_OK" or ERROR_RE.match(name):
        return "AG_ERRORS"
    parts = name.split("_")
    return "_".join(parts[:2]) if len(parts) > 2 else name


# ------------------------------------------------------------------ roff text

def esc(text, code=False):
    """Escapes plain text for roff: backslashes, and minus signs (a hyphen between two
    letters stays a hyphen; everything else, and all of code, is a minus \\-)."""
    text = text.replace("\\", "\\e")
    if code:
        return text.replace("-", "\\-")
    return re.sub(r"(?<![A-Za-z])-|-(?![A-Za-z])", r"\\-", text)


def fix_line(line):
    """A roff text line must not start with a control character or a space."""
    line = line.strip()
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


SENTENCE_END = re.compile(r"(?<=[a-z0-9)\]\"'P][.!?])(?<!e\.g\.)(?<!i\.e\.)\s+(?=[A-Z\\(\"])")


def fill_lines(text):
    """One sentence per line (man-pages(7)), whitespace collapsed."""
    text = re.sub(r"\s+", " ", text).strip()
    if not text:
        return []
    lines = []
    for chunk in text.split("\n"):
        for s in SENTENCE_END.split(chunk):
            if s.strip():
                lines.extend(wrap(fix_line(s)))
    return lines


def wrap(line, width=79):
    """Input lines of at most 80 bytes (mandoc -Tlint), broken at spaces."""
    out = []
    while len(line.encode()) > width:
        cut = line.rfind(" ", 0, width)
        while cut > 0 and line[cut + 1:cut + 2] in (".", "'"):
            cut = line.rfind(" ", 0, cut)
        if cut <= 0:
            break
        out.append(line[:cut])
        line = line[cut + 1:]
    out.append(line)
    return out


class Ctx:
    """What the text of one page refers to (for SEE ALSO)."""

    def __init__(self, gen, own=()):
        self.gen = gen
        self.own = set(own)
        self.refs = set()


def inline(el, ctx, font="R"):
    """The inline roff of an element's content (no block elements)."""
    out = [esc(el.text or "")]
    for c in el:
        out.append(inline_elem(c, ctx, font))
        out.append(esc(c.tail or ""))
    return "".join(out)


def inline_elem(c, ctx, font):
    tag = c.tag
    if tag in ("parameterlist", "simplesect", "programlisting", "itemizedlist",
               "orderedlist", "verbatim", "agpage", "agname", "xrefsect", "table"):
        return ""
    if tag == "ref":
        name = "".join(c.itertext())
        base = name[:-2] if name.endswith("()") else name
        if ctx is not None and ctx.gen.is_function(base):
            if base in ctx.own:
                return "\\fB" + esc(base, True) + "\\f" + font + "()"
            ctx.refs.add(base)
            return "\\fB\\%" + esc(base, True) + "\\f" + font + "(3)"
        return "\\fB\\%" + esc(name, True) + "\\f" + font
    if tag == "computeroutput":
        return "\\fB\\%" + esc("".join(c.itertext()), True) + "\\f" + font
    if tag == "emphasis":
        return "\\fI" + inline(c, ctx, "I") + "\\f" + font
    if tag == "bold":
        return "\\fB" + inline(c, ctx, "B") + "\\f" + font
    if tag == "ulink":
        text = "".join(c.itertext())
        url = c.get("url", "")
        return esc(text) + ("" if text == url else " <" + esc(url, True) + ">")
    if tag == "sp":
        return " "
    if tag == "linebreak":
        return "\n"
    if tag in ("para",):
        return inline(c, ctx, font) + " "
    return inline(c, ctx, font)


def blocks(el, ctx):
    """Block roff of a description element: a list of paragraphs, each a list of lines
    (the caller puts .PP between them).  parameterlist, simplesect and the custom
    marks are left to the caller."""
    paras = []
    for p in el.findall("para") if el.tag != "para" else [el]:
        paras.extend(para_blocks(p, ctx))
    return paras


def para_blocks(p, ctx):
    """One <para> may hold text, lists and code: split it into roff paragraphs."""
    out = []
    cur = [esc(p.text or "")]

    def flush():
        text = "".join(cur)
        lines = fill_lines(text)
        if lines:
            out.append(lines)
        cur[:] = []

    for c in p:
        if c.tag in ("itemizedlist", "orderedlist"):
            flush()
            n = 0
            for li in c.findall("listitem"):
                n += 1
                mark = "\\(bu" if c.tag == "itemizedlist" else "%d." % n
                lines = []
                for q in li.findall("para"):
                    for b in para_blocks(q, ctx):
                        lines.extend(b)
                out.append([".IP " + mark + " 3"] + lines)
        elif c.tag == "programlisting":
            flush()
            out.append(code_block(listing_text(c)))
        elif c.tag == "verbatim":
            flush()
            out.append(code_block(c.text or ""))
        elif c.tag in ("parameterlist", "simplesect", "agpage", "agname", "xrefsect"):
            pass
        else:
            cur.append(inline_elem(c, ctx, "R"))
        cur.append(esc(c.tail or ""))
    flush()
    return out


def listing_text(pl):
    lines = []
    for cl in pl.findall("codeline"):
        parts = []
        for node in cl.iter():
            if node.tag == "sp":
                parts.append(" ")
            elif node.text and node.tag != "sp":
                parts.append(node.text)
            if node is not cl and node.tail:
                parts.append(node.tail)
        lines.append("".join(parts))
    return "\n".join(lines)


def code_block(text):
    lines = [".in +4n", ".EX"]
    for line in text.rstrip("\n").split("\n"):
        line = line.rstrip().replace("\t", "        ")
        line = line.replace("\\", "\\e").replace("-", "\\-")
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line if line else "")
    lines += [".EE", ".in"]
    # A blank line in a roff file is a warning even in no-fill mode: use .sp.
    return [(l if l != "" else ".sp") for l in lines]


def plain(el):
    return re.sub(r"\s+", " ", "".join(el.itertext())).strip() if el is not None else ""


# ------------------------------------------------------------------ the model

class Member:
    def __init__(self, md, group):
        self.md = md
        self.kind = md.get("kind")
        self.name = md.findtext("name")
        self.group = group
        self.brief = md.find("briefdescription")
        self.detail = md.find("detaileddescription")
        loc = md.find("location")
        self.line = int(loc.get("line", "0")) if loc is not None else 0
        self.page = None          # the page name that documents it
        marks = self.detail.findall(".//agpage") if self.detail is not None else []
        self.share = marks[0].text.strip() if marks else None
        names = self.detail.findall(".//agname") if self.detail is not None else []
        self.manname = plain(names[0]) if names else None

    def simplesects(self, kind):
        if self.detail is None:
            return []
        return [s for s in self.detail.iter("simplesect") if s.get("kind") == kind]

    def params(self):
        out = []
        for p in self.md.findall("param"):
            out.append((plain(p.find("type")), p.findtext("declname") or "",
                        plain(p.find("array")) if p.find("array") is not None else ""))
        return out

    def paramdocs(self, kind):
        out = []
        if self.detail is None:
            return out
        for pl in self.detail.iter("parameterlist"):
            if pl.get("kind") != kind:
                continue
            for item in pl.findall("parameteritem"):
                names = [plain(n) for n in item.iter("parametername")]
                out.append((names, item.find("parameterdescription")))
        return out


class Generator:
    def __init__(self, xmldir, mapfile, examples, version, date):
        self.xmldir = xmldir
        self.examples = examples
        self.version = version
        self.date = date
        self.members = {}        # name -> Member
        self.order = []          # names in header order
        self.groups = []         # (id, title, brief elem, detail elem, [member names])
        self.structs = []        # (name, compounddef, group title)
        self.map_version = read_map(mapfile) if mapfile else {}
        self.load()

    def is_function(self, name):
        m = self.members.get(name)
        return m is not None and m.kind == "function"

    def load(self):
        index = ET.parse(os.path.join(self.xmldir, "index.xml")).getroot()
        for comp in index.findall("compound"):
            if comp.get("kind") != "group":
                continue
            root = ET.parse(os.path.join(self.xmldir, comp.get("refid") + ".xml")).getroot()
            cd = root.find("compounddef")
            title = cd.findtext("title") or cd.findtext("compoundname")
            names = []
            for md in cd.iter("memberdef"):
                m = Member(md, title)
                if m.name in self.members:
                    continue
                self.members[m.name] = m
                names.append(m.name)
            for ic in cd.findall("innerclass"):
                sroot = ET.parse(os.path.join(self.xmldir, ic.get("refid") + ".xml")).getroot()
                self.structs.append((ic.text, sroot.find("compounddef"), title))
            self.groups.append((cd.findtext("compoundname"), title, cd.find("briefdescription"),
                                cd.find("detaileddescription"), names))
        self.order = sorted(self.members, key=lambda n: self.members[n].line)
        self.groups.sort(key=lambda g: min([self.members[n].line for n in g[4]] or [0]))

    # ---------------------------------------------------------------- pages
    def pages(self):
        """page name -> (kind, [member names]) in header order."""
        pages = {}
        funcs = [n for n in self.order if self.members[n].kind == "function"]
        for n in funcs:
            m = self.members[n]
            primary = m.share if m.share and self.is_function(m.share) else n
            if primary != n and self.members[primary].share:
                primary = n   # no chains: a page is named after a function that owns it
            pages.setdefault(primary, ("function", []))[1].append(n)
        for key in list(pages):
            pages[key][1].sort(key=lambda x: (x != key, self.members[x].line))
        enums = [n for n in self.order if self.members[n].kind == "enum"]
        for n in enums:
            pages[n] = ("enum", [n])
        types = [n for n in self.order if self.members[n].kind == "typedef"]
        for n in types:
            m = self.members[n]
            if n in pages:
                continue    # typedef enum X X: on the enum's page
            pages[n] = ("typedef", [n])
        for name, cd, _ in self.structs:
            # typedef struct X {...} X: the struct's page, with its fields
            if name not in pages or pages[name][0] == "typedef":
                pages[name] = ("struct", [name])
        fams = {}
        for n in self.order:
            m = self.members[n]
            if m.kind != "define":
                continue
            owner = self.define_owner(m)
            if owner and owner in pages:
                continue    # on its type's page
            fams.setdefault(family_of(n), []).append(n)
        for fam, names in fams.items():
            pages[names[0]] = ("constants", names)
        return pages

    def define_owner(self, m):
        """A #define outside the constants families that names a type (AG_MOVE_NONE is
        an ag_move) is documented on that type's page."""
        init = m.md.find("initializer")
        if init is None:
            return None
        for r in init.iter("ref"):
            t = self.members.get(r.text)
            if t is not None and t.kind == "typedef":
                return r.text
        return None

    def page_names(self, pages):
        """Every name a page answers to: its members, and enumerators / type defines."""
        out = {}
        for page, (kind, names) in pages.items():
            all_names = list(names)
            if kind == "enum":
                all_names += [ev.findtext("name") for ev in self.members[page].md.findall("enumvalue")]
            if kind == "typedef":
                all_names += [n for n in self.order if self.members[n].kind == "define"
                              and self.define_owner(self.members[n]) == page]
            out[page] = all_names
        return out

    def history(self, names):
        """HISTORY lines: 'ag_x() and ag_y() first appeared in libancientgames 0.1.0.'"""
        by_version = {}
        for n in names:
            m = self.members.get(n)
            v = None
            if m is not None:
                for s in m.simplesects("since"):
                    v = plain(s)
            if v is None:
                v = self.map_version.get(n)
            if v is None:
                v = self.text_version(n)
            if v is None and m is not None and m.kind in ("typedef", "enum"):
                v = self.use_version(n)
            if v is None:
                v = self.first_version()
            by_version.setdefault(v, []).append(n)
        lines = []
        for v in sorted(by_version, key=version_key):
            ns = by_version[v]
            lines.append(join_names(["\\fB" + esc(x, True) + "\\fP" + ("()" if self.is_function(x) else "")
                                     for x in ns]) +
                         (" first appeared" if len(ns) > 1 else " first appeared") +
                         " in %s %s." % (LIBRARY_NAME, esc(v, True)))
        return lines

    def text_version(self, name):
        """A version the comment states: "Since 0.2", or a brief ending "(0.2)."."""
        m = self.members.get(name)
        texts = [plain(m.brief), plain(m.detail)] if m is not None else []
        texts += [plain(cd.find("briefdescription")) + " " + plain(cd.find("detaileddescription"))
                  for n, cd, _ in self.structs if n == name]
        for t in texts:
            r = re.search(r"\b[Ss]ince (\d+\.\d+(?:\.\d+)?)\b", t) or \
                re.search(r"\((\d+\.\d+(?:\.\d+)?)\)\.?$", t.strip())
            if r:
                v = r.group(1)
                return v if v.count(".") == 2 else v + ".0"
        return None

    def use_version(self, name):
        """A type is as old as the oldest function whose prototype names it."""
        vs = []
        for n, m in self.members.items():
            if m.kind == "function" and n in self.map_version:
                types = [plain(m.md.find("type"))] + [t for t, _, _ in m.params()]
                if any(re.search(r"\b%s\b" % re.escape(name), t) for t in types):
                    vs.append(self.map_version[n])
        return min(vs, key=version_key) if vs else None

    def first_version(self):
        vs = sorted(set(self.map_version.values()), key=version_key)
        return vs[0] if vs else self.version

    # ---------------------------------------------------------------- writing
    def th(self, page):
        return '.TH %s %s %s "%s %s" "Library Functions Manual"' % (
            esc(page.upper(), True), SECTION, self.date, LIBRARY_NAME, self.version)

    def name_line(self, names, desc):
        desc = desc.strip().rstrip(".")
        # one clause: apropos shows the start of the line only
        desc = desc.split("; ")[0]
        head = desc.split(": ")[0]
        if head != desc and len(head.split()) >= 4:
            desc = head
        if desc[:1].isupper() and not desc[:3].isupper() and not desc.startswith("AG_"):
            desc = desc[0].lower() + desc[1:]
        return [".SH NAME", ", ".join(esc(n, True) for n in names) + " \\- " + esc(desc)]

    def library(self):
        return [".SH LIBRARY", "libancientgames",
                '.RB ( \\-lancientgames "; " "pkg\\-config \\-\\-cflags \\-\\-libs liboldgames" )']

    def synopsis_function(self, m):
        """The prototype, man-pages style: types bold, parameter names italic."""
        rtype = plain(m.md.find("type"))
        head = rtype + ("" if rtype.endswith("*") else " ") + m.name + "("
        params = m.params()
        if not params or (len(params) == 1 and params[0][0] == "void" and not params[0][1]):
            return ['.B "%s"' % q(head + "void);")]
        pieces = []   # (bold, italic) pairs
        for i, (t, n, arr) in enumerate(params):
            sep = "" if t.endswith("*") or not n else " "
            bold = (head if i == 0 else "") + t + sep
            tail = arr + (");" if i == len(params) - 1 else ",")
            pieces.append((bold, n, tail))
        # Lines of at most about 72 columns, continuation lines aligned after "(".
        indent = " " * len(head)
        lines, cur, width = [], [], 0
        for i, (b, n, tail) in enumerate(pieces):
            w = len(b) + len(n) + len(tail) + 1
            if cur and width + w > 72:
                lines.append(cur)
                cur, width = [], len(indent)
                b = indent + b
            cur.append((b, n, tail))
            width += w
        lines.append(cur)
        out = []
        for line in lines:
            args = []
            for j, (b, n, tail) in enumerate(line):
                # .BI alternates bold and italic: bold text, italic name; the tail
                # (",", ");") joins the next bold piece.
                if j > 0:
                    b = " " + b
                if args and not args[-1][1]:
                    args[-1] = (args[-1][0], False)
                args.append((b, True))
                if n:
                    args.append((n, False))
                args.append((tail, True))
            # merge consecutive bold pieces
            merged = []
            for text, bold in args:
                if merged and merged[-1][1] == bold:
                    merged[-1] = (merged[-1][0] + text, bold)
                else:
                    merged.append((text, bold))
            if merged and not merged[0][1]:
                merged.insert(0, ("", True))
            out.append(".BI " + " ".join('"%s"' % q(t) for t, _ in merged))
        return out

    def describe(self, m, ctx, with_params=True):
        """DESCRIPTION paragraphs of one member (brief and details; @param as .TP)."""
        paras = []
        b = blocks(m.brief, ctx) if m.brief is not None else []
        d = blocks(m.detail, ctx) if m.detail is not None else []
        if b and d and not d[0][0].startswith((".", "\\fB")):
            d[0] = b[-1] + d[0]     # the brief opens the first paragraph
            b = b[:-1]
        paras.extend(b)
        paras.extend(d)
        if with_params:
            docs = m.paramdocs("param")
            if docs:
                items = []
                for names, desc in docs:
                    lines = []
                    for p in blocks(desc, ctx):
                        lines.extend(p)
                    items.append([".TP", ".I " + esc(", ".join(names), True)] + lines)
                paras.append(("TP", items))
        return paras

    def write_paras(self, paras):
        out = []
        first = True
        for p in paras:
            if isinstance(p, tuple) and p[0] == "TP":
                for item in p[1]:
                    out.extend(item)
                first = False
                continue
            if not first and not p[0].startswith((".IP", ".in")):
                out.append(".PP")
            elif not first and p[0].startswith(".in"):
                out.append(".PP")
            out.extend(p)
            first = False
        return out

    def errors_of(self, m, ctx):
        """(RETURN VALUE extra items, ERRORS items) from @retval, or from @return."""
        ret_items, err_items = [], []
        retvals = m.paramdocs("retval")
        pnames = {n for _, n, _ in m.params()}
        for names, desc in retvals:
            lines = []
            for p in blocks(desc, ctx):
                lines.extend(p)
            if lines and lines[0][:1].islower() and lines[0].split(" ")[0] not in pnames:
                lines[0] = lines[0][0].upper() + lines[0][1:]    # a sentence, not a name
            for n in names:
                item = [".TP", ".B " + esc(n, True)] + lines
                (err_items if ERROR_RE.match(n) else ret_items).append((n, item))
        if not retvals:
            seen = []
            for s in m.simplesects("return"):
                for r in s.iter("ref"):
                    if ERROR_RE.match(r.text or "") and r.text not in seen:
                        seen.append(r.text)
            for n in seen:
                c = self.members.get(n)
                desc = fill_lines(inline(c.brief.find("para"), ctx)) if c is not None else []
                err_items.append((n, [".TP", ".B " + esc(n, True)] + desc))
        return ret_items, err_items

    def error_codes(self, name):
        m = self.members[name]
        ctx = Ctx(self)
        return [n for n, _ in self.errors_of(m, ctx)[1]]

    def threads(self, m):
        params = m.params()
        types = [t for t, n, a in params]
        st = [n for t, n, a in params if re.match(r"^ag_state \*$", t)]
        cst = [n for t, n, a in params if re.match(r"^const ag_state \*$", t)]
        g = [n for t, n, a in params if re.match(r"^ag_game \*$", t)]
        rng = [n for t, n, a in params if t == "uint64_t *" and n in ("rng", "state")]
        lines = []
        if m.name == "ag_errmsg":
            return ["The message is kept per thread: each thread reads its own last failure."]
        if g:
            lines.append("No other thread may use the game \\fI%s\\fP, or any of its states, "
                         "during or after the call." % esc(g[0], True))
        if st:
            lines.append("The call changes \\fI%s\\fP: no other thread may use that state "
                         "at the same time." % esc(st[0], True))
        elif cst:
            lines.append("The call only reads \\fI%s\\fP: several threads may read one state "
                         "at once, as long as none changes it." % esc(cst[0], True))
        if rng:
            lines.append("It advances the caller's generator \\fI*%s\\fP, which must not be "
                         "shared between threads without a lock." % esc(rng[0], True))
        if not lines:
            if any("ag_game" in t or "ag_solution" in t for t in types):
                lines.append("Games and solutions are immutable: any number of threads may "
                             "call this at once on the same one.")
            else:
                lines.append("It may be called from any number of threads at once.")
        return lines

    def example_files(self, m):
        out = []
        if m.detail is None:
            return out
        for s in m.detail.iter("simplesect"):
            if s.get("kind") == "par" and plain(s.find("title")).lower().startswith("example"):
                for pl in s.iter("programlisting"):
                    out.append(pl.get("filename", "").lstrip("."))
        return out

    def example_lines(self, files):
        out = []
        for f in files:
            path = os.path.join(self.examples, os.path.basename(f))
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            # The file's licence line is the project's, not part of the example.
            text = "".join(l for l in text.splitlines(True)
                           if "SPDX-License-Identifier" not in l)
            if out:
                out.append(".PP")
            out += code_block(text)
        return out

    def see_also(self, refs, exclude, extra=()):
        refs = {r for r in refs if r not in exclude}
        items = ["%s(3)" % r for r in sorted(refs)] + list(extra)
        items += ["ancientgames-api(3)", "ancientgames(7)"]
        seen = []
        for i in items:
            if i not in seen:
                seen.append(i)
        seen.sort(key=lambda s: (s[s.index("(") + 1:], s.lower()))
        lines = [".SH SEE ALSO"]
        for i, it in enumerate(seen):
            nm, sec = it[:it.index("(")], it[it.index("("):]
            lines.append(".BR %s %s%s" % (esc(nm, True), sec, "," if i < len(seen) - 1 else ""))
        return lines

    def function_page(self, page, names):
        ms = [self.members[n] for n in names]
        prim = ms[0]
        ctx = Ctx(self, names)
        desc = prim.manname or imperative(plain(prim.brief))
        out = [self.th(page)] + self.name_line(names, desc) + self.library()
        out += [".SH SYNOPSIS", ".nf", ".B #include <%s>" % HEADER, ".PP"]
        for m in ms:
            out += self.synopsis_function(m)
        out += [".fi", ".SH DESCRIPTION"]
        paras = []
        for i, m in enumerate(ms):
            mp = self.describe(m, ctx)
            if len(ms) > 1:
                paras.append([".SS %s()" % esc(m.name, True)])
            paras.extend(mp)
        # the group's own explanation (e.g. the computer players' parameter strings)
        gdetail = self.group_detail(prim.group, ctx)
        if gdetail:
            paras.append(["The topic \\(lq%s\\(rq, as \\fBancientgames\\-api\\fP(3) gives it:"
                          % esc(prim.group)])
            paras.extend(gdetail)
        out += self.write_paras_ss(paras)
        # RETURN VALUE
        rets = []
        items_ret, items_err = [], []
        for m in ms:
            for s in m.simplesects("return"):
                lines = []
                for p in blocks(s, ctx):
                    lines.extend(p)
                if lines:
                    rets.append((m, lines))
            r, e = self.errors_of(m, ctx)
            items_ret += [(m, it) for _, it in r]
            items_err += [(m.name, n, it) for n, it in e]
        if rets or items_ret or any(plain(m.md.find("type")) != "void" for m in ms):
            out.append(".SH RETURN VALUE")
            first = True
            for m, lines in rets:
                if not first:
                    out.append(".PP")
                if len(ms) > 1:
                    lines = ["\\fB%s\\fP():" % esc(m.name, True)] + lines
                out += lines
                first = False
            for m, it in items_ret:
                out += it
            if not rets and not items_ret:
                out.append("These functions return no value." if len(ms) > 1
                           else "This function returns no value.")
            nonvoid = [m for m in ms if plain(m.md.find("type")) == "void"]
            if nonvoid and (rets or items_ret):
                out += [".PP", join_names(["\\fB%s\\fP()" % esc(m.name, True) for m in nonvoid]) +
                        " return%s no value." % ("" if len(nonvoid) > 1 else "s")]
        if items_err:
            out.append(".SH ERRORS")
            if len(ms) > 1:
                by_fn = {}
                for fn, n, it in items_err:
                    by_fn.setdefault(fn, []).append(it)
                first = True
                for fn in names:
                    if fn not in by_fn:
                        continue
                    if not first:
                        out.append(".PP")
                    out.append("\\fB%s\\fP() fails with:" % esc(fn, True))
                    for it in by_fn[fn]:
                        out += it
                    first = False
            else:
                for fn, n, it in items_err:
                    out += it
            out += [".PP", "After a failure, \\fBag_errmsg\\fP(3) gives a message saying why."]
        out.append(".SH THREADS")
        tl = []
        for m in ms:
            for line in self.threads(m):
                if line not in tl:
                    tl.append(line)
        out += tl
        files = []
        for m in ms:
            files += [f for f in self.example_files(m) if f not in files]
        if files:
            out.append(".SH EXAMPLE")
            out += self.example_lines(files)
        out.append(".SH HISTORY")
        out += self.history(names)
        sa = set(ctx.refs)
        for m in ms:
            for s in m.simplesects("see"):
                for r in s.iter("ref"):
                    if self.members.get(r.text) is not None:
                        sa.add(r.text)
        sa = {self.page_of.get(r, r) for r in sa}
        out += self.see_also(sa, set(names) | {page})
        return out

    def write_paras_ss(self, paras):
        """Like write_paras, but a .SS line starts a new run without .PP."""
        out = []
        first = True
        for p in paras:
            if isinstance(p, tuple):
                for item in p[1]:
                    out.extend(item)
                first = False
                continue
            if not p:
                continue
            if p[0].startswith(".SS"):
                out.extend(p)
                first = True
                continue
            if not first and not p[0].startswith(".IP"):
                out.append(".PP")
            out.extend(p)
            first = False
        return out

    def group_detail(self, title, ctx):
        for gid, gt, brief, detail, names in self.groups:
            if gt == title and detail is not None:
                return blocks(detail, ctx)
        return []

    def constants_page(self, page, names, fam):
        ms = [self.members[n] for n in names]
        ctx = Ctx(self)
        desc, users = FAMILIES.get(fam, ("the constants %s_*" % fam, []))
        shown = names if len(names) <= 4 else [names[0], names[1], "..."]
        out = [self.th(page)] + [".SH NAME", ", ".join(esc(n, True) for n in names) + " \\- " + esc(desc)]
        out += self.library()
        out += [".SH SYNOPSIS", ".nf", ".B #include <%s>" % HEADER, ".PP"]
        width = max(len(n) for n in names)
        for m in ms:
            init = plain(m.md.find("initializer"))
            out.append(".B \"#define %s %s\"" % (q(m.name.ljust(width)), q(init)))
        out += [".fi", ".SH DESCRIPTION"]
        out.append("These values are fixed forever; new ones are only appended.")
        for m in ms:
            lines = []
            for p in blocks(m.brief, ctx) + blocks(m.detail, ctx):
                lines.extend(p)
            out += [".TP", ".BR %s \" (%s)\"" % (esc(m.name, True), q(plain(m.md.find("initializer"))))]
            out += lines
        out.append(".SH HISTORY")
        out += self.history(names)
        out += self.see_also(set(users) | ctx.refs, set(names))
        return out

    def enum_page(self, page):
        m = self.members[page]
        ctx = Ctx(self)
        values = m.md.findall("enumvalue")
        names = [page] + [v.findtext("name") for v in values]
        out = [self.th(page)] + self.name_line(names, plain(m.brief)) + self.library()
        out += [".SH SYNOPSIS", ".nf", ".B #include <%s>" % HEADER, ".PP",
                ".B typedef enum %s {" % esc(page, True)]
        for i, v in enumerate(values):
            out.append('.B "    %s %s%s"' % (esc(v.findtext("name"), True),
                                          q(plain(v.find("initializer"))),
                                          "," if i < len(values) - 1 else ""))
        out += [".B } %s;" % esc(page, True), ".fi", ".SH DESCRIPTION"]
        out += self.write_paras(self.describe(m, ctx, False))
        for v in values:
            lines = []
            for p in blocks(v.find("briefdescription"), ctx) + blocks(v.find("detaileddescription"), ctx):
                lines.extend(p)
            out += [".TP", ".B " + esc(v.findtext("name"), True)] + lines
        out.append(".SH HISTORY")
        out += self.history([page])
        out += self.see_also(ctx.refs, {page})
        return out

    def typedef_page(self, page):
        m = self.members[page]
        ctx = Ctx(self)
        defs = [n for n in self.order if self.members[n].kind == "define"
                and self.define_owner(self.members[n]) == page]
        out = [self.th(page)] + self.name_line([page] + defs, plain(m.brief)) + self.library()
        definition = plain(m.md.find("definition")) + plain(m.md.find("argsstring"))
        definition = re.sub(r"\(\* (\w+)\) \(", r"(*\1)(", definition)
        definition = re.sub(r"(\w)\(\*", r"\1 (*", definition)
        out += [".SH SYNOPSIS", ".nf", ".B #include <%s>" % HEADER, ".PP",
                '.B "%s;"' % q(definition)]
        for d in defs:
            out.append('.B "#define %s %s"' % (q(d), q(plain(self.members[d].md.find("initializer")))))
        out += [".fi", ".SH DESCRIPTION"]
        out += self.write_paras(self.describe(m, ctx))
        for d in defs:
            dm = self.members[d]
            lines = []
            for p in blocks(dm.brief, ctx) + blocks(dm.detail, ctx):
                lines.extend(p)
            out += [".TP", ".B " + esc(d, True)] + lines
        uses = sorted(n for n in self.order if self.members[n].kind == "function"
                      and any(re.search(r"\b%s\b" % re.escape(page), t) for t, _, _ in self.members[n].params()))
        if m.name == "ag_progress_fn":
            pass
        out.append(".SH HISTORY")
        out += self.history([page] + defs)
        refs = ctx.refs | {self.page_of.get(u, u) for u in uses[:12]}
        out += self.see_also(refs, {page})
        return out

    def struct_page(self, page, cd):
        ctx = Ctx(self)
        out = [self.th(page)] + self.name_line([page], plain(cd.find("briefdescription")) or "a structure")
        out += self.library()
        out += [".SH SYNOPSIS", ".nf", ".B #include <%s>" % HEADER, ".PP",
                ".B typedef struct %s {" % esc(page, True)]
        fields = []
        for md in cd.iter("memberdef"):
            if md.get("kind") != "variable":
                continue
            t = re.sub(r"(\w)\(\*$", r"\1 (*", plain(md.find("type")))
            n = md.findtext("name")
            a = plain(md.find("argsstring"))
            fields.append((md, n))
            out.append('.BI "    %s" %s "%s;"' % (q(t + ("" if t.endswith("*") else " ")),
                                                   esc(n, True), q(a)))
        out += [".B } %s;" % esc(page, True), ".fi", ".SH DESCRIPTION"]
        paras = blocks(cd.find("briefdescription"), ctx) + blocks(cd.find("detaileddescription"), ctx)
        out += self.write_paras(paras)
        for md, n in fields:
            lines = []
            for p in blocks(md.find("briefdescription"), ctx) + blocks(md.find("detaileddescription"), ctx):
                lines.extend(p)
            out += [".TP", ".I " + esc(n, True)] + lines
        out.append(".SH HISTORY")
        out += self.history([page])
        out += self.see_also(ctx.refs, {page})
        return out

    def api_page(self, pages):
        ctx = Ctx(self)
        out = ['.TH ANCIENTGAMES\\-API 3 %s "%s %s" "Library Functions Manual"'
               % (self.date, LIBRARY_NAME, self.version),
               ".SH NAME", "ancientgames\\-api \\- the libancientgames API by topic"]
        out += self.library()
        out += [".SH SYNOPSIS", ".nf", ".B #include <%s>" % HEADER, ".fi", ".SH DESCRIPTION",
                "The whole public interface of libancientgames is the header",
                ".IR <%s> ." % HEADER,
                "This page lists it by topic, as the header groups it; each function, type",
                "and family of constants has its own page in section 3.",
                "The concepts (handles, players and nodes, buffers, errors, threads) are",
                "explained in",
                ".BR ancientgames (7)."]
        for gid, title, brief, detail, names in self.groups:
            out.append(".SS " + esc(title))
            paras = blocks(brief, ctx) + blocks(detail, ctx)
            out += self.write_paras(paras)
            for n in names:
                m = self.members[n]
                if m.kind not in ("function", "typedef", "enum"):
                    continue
                if m.kind == "typedef" and self.members.get(n) and n in pages and pages[n][0] == "enum":
                    continue
                out += [".TP", ".BR %s (3)" % esc(n, True)]
                out += fill_lines(inline(m.brief.find("para"), ctx)) if m.brief.find("para") is not None else []
            # the group's structures and families of constants
            for sname, cd, stitle in self.structs:
                if stitle == title:
                    out += [".TP", ".BR %s (3)" % esc(sname, True)]
                    out += fill_lines(plain(cd.find("briefdescription")))
            for page, (kind, pnames) in pages.items():
                if kind == "constants" and pnames[0] in names:
                    fam = family_of(pnames[0])
                    desc = FAMILIES.get(fam, ("the constants %s_*" % fam, []))[0]
                    out += [".TP", ".BR %s (3)" % esc(page, True),
                            esc(desc[0].upper() + desc[1:]) + ": " +
                            ", ".join("\\fB\\%%%s\\fP" % esc(x, True) for x in pnames) + "."]
        out.append(".SH SEE ALSO")
        out += [".BR ancientgames (7),", ".BR ancientgames\\-hare (7),",
                ".BR ancientgames\\-liubo\\-fingers (7),", ".BR ancientgames\\-liubo\\-sticks (7)"]
        return out

    def generate(self, outdir):
        pages = self.pages()
        self.page_of = {}
        allnames = self.page_names(pages)
        for page, names in allnames.items():
            for n in names:
                self.page_of[n] = page
        lower = {}
        for page, names in allnames.items():
            for n in names + [page]:
                if n.lower() in lower and lower[n.lower()] != n:
                    sys.exit("gen-man3.py: %s and %s differ only in case (man is case-insensitive)"
                             % (n, lower[n.lower()]))
                lower[n.lower()] = n
        os.makedirs(outdir, exist_ok=True)
        written = []
        for page, (kind, names) in pages.items():
            if kind == "function":
                lines = self.function_page(page, names)
            elif kind == "constants":
                lines = self.constants_page(page, names, family_of(names[0]))
            elif kind == "enum":
                lines = self.enum_page(page)
            elif kind == "typedef":
                lines = self.typedef_page(page)
            else:
                cd = [c for n, c, _ in self.structs if n == page][0]
                lines = self.struct_page(page, cd)
            write(os.path.join(outdir, page + ".3"), lines)
            written.append(page)
            for n in allnames[page]:
                if n != page:
                    write(os.path.join(outdir, n + ".3"), [".so man3/%s.3" % page])
                    written.append(n)
        write(os.path.join(outdir, "ancientgames-api.3"), self.api_page(pages))
        written.append("ancientgames-api")
        return written


def imperative(brief):
    """"Creates a game ..." -> "create a game ..." (man-pages' NAME style)."""
    m = re.match(r"^([A-Z][a-z]+)s\b(?![,:;])(.*)$", brief)
    if not m or m.group(1) in ("Thi", "I", "Wa", "Ha"):
        return brief
    verb = m.group(1) + "s"
    if verb.endswith("ies"):
        verb = verb[:-3] + "y"
    elif re.search(r"(ch|sh|ss|x)es$", verb):
        verb = verb[:-2]
    else:
        verb = verb[:-1]
    return verb.lower() + m.group(2)


def q(s):
    """Text inside a double-quoted macro argument: escaped, with \\(dq for quotes."""
    return esc(s, True).replace('"', '\\(dq')


def join_names(items):
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def version_key(v):
    return [int(x) if x.isdigit() else 0 for x in re.split(r"[.]", v)]


def write(path, lines):
    out, code = [], False
    for line in lines:
        if line == ".EX":
            code = True
        elif line == ".EE":
            code = False
        if code or line.startswith("."):
            out.append(line)
        else:
            out.extend(wrap(line))
    text = "\n".join(out) + "\n"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


def read_map(path):
    """Symbol -> version from a GNU ld version script: node ANCIENTGAMES_X.Y -> X.Y.0."""
    with open(path, encoding="utf-8") as fh:
        text = re.sub(r"/\*.*?\*/", " ", fh.read(), flags=re.S)
    out = {}
    for m in re.finditer(r"([A-Za-z_][A-Za-z0-9_]*?)_(\d+)\.(\d+)(?:\.(\d+))?\s*\{(.*?)\}", text, re.S):
        version = "%s.%s.%s" % (m.group(2), m.group(3), m.group(4) or "0")
        body = m.group(5)
        body = re.split(r"\blocal\s*:", body)[0]
        body = body.replace("global:", " ")
        for sym in re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\s*;", body):
            out[sym] = version
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xml", required=True)
    ap.add_argument("--map")
    ap.add_argument("--examples", default=".")
    ap.add_argument("--out")
    ap.add_argument("--version", default="0")
    ap.add_argument("--date", default="1970-01-01")
    ap.add_argument("--list-errors", action="store_true",
                    help="print 'FUNCTION CODE' for every error code the header documents")
    a = ap.parse_args()
    gen = Generator(a.xml, a.map, a.examples, a.version, a.date)
    if a.list_errors:
        # "FUNCTION CODE", or "FUNCTION CODE return" when the function has no
        # @retval and the code was only named by its @return text.
        for n in gen.order:
            if gen.is_function(n):
                fallback = "" if gen.members[n].paramdocs("retval") else " return"
                for c in gen.error_codes(n):
                    print(n + " " + c + fallback)
        return 0
    if not a.out:
        ap.error("--out is required")
    written = gen.generate(a.out)
    print("gen-man3.py: %d pages and links in %s" % (len(written), a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
