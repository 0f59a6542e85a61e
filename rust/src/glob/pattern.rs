//! Glob patterns, compiled once per call: brace alternatives expanded, then each pattern cut into per-segment
//! matchers. Matching a name against a segment never allocates. The language is the one `docs/semantics/glob.md`
//! writes down (and `conformance/glob.tsv` checks); in short:
//!
//! - braces first, textually as bash does: `{a,b}` (nested, successive, spanning `/`); a group without a top-level
//!   comma is literal (`{a}`, `{}`); an empty expansion is dropped (`{,a}` is `a`); a bracket expression is one unit,
//!   so braces and commas inside `[...]` are members; at most [`MAX_EXPANSIONS`] expansions;
//! - then segments, split at every `/`, `\/` included (no name holds a slash); empty and `.` segments are skipped; a
//!   trailing `/` (or `/.`) keeps directories only;
//! - in a segment: `*`, `?`, `[abc]`, `[a-z]`, `[!a]` / `[^a]`, `\` escaping the next character; `**` as a whole
//!   segment is zero or more whole segments. Characters are UTF-8 code points; a byte that is not valid UTF-8 is one
//!   character of its own.
//!
//! Refused (the whole call): an empty pattern, an absolute alternative, a `..` segment, an unmatched `{` or `}`, an
//! unclosed `[`, a reversed range, a trailing `\`, more than [`MAX_EXPANSIONS`] expansions.
//!
//! The dot rule (without the `dot` option): a name starting with `.` matches only a segment that starts with a
//! literal `.`, and `**` neither matches nor enters such names.

/// How many patterns the braces of one pattern may expand to (counted before empty and repeated ones are dropped).
pub(crate) const MAX_EXPANSIONS: usize = 4096;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Seg {
    /// `**`: zero or more whole segments.
    Globstar,
    /// No wildcard: the name must be exactly these bytes (escapes resolved).
    Literal(Vec<u8>),
    /// A lone `*`.
    Any,
    /// `*` followed by literal bytes only (`*.js`), the commonest wildcard segment: a suffix test.
    Suffix(Vec<u8>),
    /// Anything else, matched token by token.
    Wild(Vec<Tok>),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Byte(u8),
    AnyChar,
    Star,
    Class { negated: bool, ranges: Vec<(u32, u32)> },
}

#[derive(Debug)]
pub(crate) struct Pattern {
    pub(crate) segs: Vec<Seg>,
    pub(crate) dirs_only: bool,
    /// `rest_is_globstars[i]`: every segment from `i` on is `**` (true at `segs.len()`), i.e. the pattern may end
    /// after `i` segments.
    rest_is_globstars: Vec<bool>,
}

impl Pattern {
    #[inline]
    pub(crate) fn may_end_at(&self, i: usize) -> bool {
        self.rest_is_globstars[i]
    }
}

/// Compiles every pattern; `Err` carries the offending pattern as given.
pub(crate) fn compile(patterns: &[&[u8]]) -> Result<Vec<Pattern>, Vec<u8>> {
    let mut compiled = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for &given in patterns {
        let refuse = || given.to_vec();
        if given.is_empty() {
            return Err(refuse());
        }
        check_structure(given).map_err(|_| refuse())?;
        let mut expanded = Vec::new();
        expand_braces(given, &mut expanded).map_err(|_| refuse())?;
        for one in expanded {
            if one.is_empty() || !seen.insert(one.clone()) {
                continue;
            }
            if let Some(p) = compile_one(&one).map_err(|_| refuse())? {
                compiled.push(p);
            }
        }
    }
    Ok(compiled)
}

struct Malformed;

/// Every unescaped `{` outside brackets has its `}` and the other way round, every `[` its `]` before the end of its
/// segment, and no `\` is left with nothing to escape.
fn check_structure(p: &[u8]) -> Result<(), Malformed> {
    let (mut depth, mut i) = (0usize, 0);
    while i < p.len() {
        match p[i] {
            b'\\' if i + 1 == p.len() => return Err(Malformed),
            b'\\' => i += 2,
            b'[' => i = skip_class(p, i)?,
            b'{' => {
                depth += 1;
                i += 1;
            }
            b'}' => {
                depth = depth.checked_sub(1).ok_or(Malformed)?;
                i += 1;
            }
            _ => i += 1,
        }
    }
    if depth == 0 {
        Ok(())
    } else {
        Err(Malformed)
    }
}

/// The index after the `]` closing the bracket expression that opens at `open`: a `!` or `^` may follow the `[`, a
/// `]` right after that is a member, `\` escapes the next character. A `/` (escaped or not) ends the segment, so a
/// bracket still open there is unclosed.
fn skip_class(p: &[u8], open: usize) -> Result<usize, Malformed> {
    let mut i = open + 1;
    if matches!(p.get(i), Some(b'!' | b'^')) {
        i += 1;
    }
    let first = i;
    while i < p.len() {
        match p[i] {
            b'/' => break,
            b'\\' if p.get(i + 1) == Some(&b'/') => break,
            b'\\' => i += 2,
            b']' if i > first => return Ok(i + 1),
            _ => i += 1,
        }
    }
    Err(Malformed)
}

/// Appends the brace expansions of `p` (escapes kept for the segment parser), as bash expands them: the first `{`
/// whose group has a top-level comma is expanded, each result expanded again; a group without one is literal braces,
/// and the scan goes on inside it. `p` has passed [`check_structure`].
fn expand_braces(p: &[u8], out: &mut Vec<Vec<u8>>) -> Result<(), Malformed> {
    let mut i = 0;
    while i < p.len() {
        match p[i] {
            b'\\' => i += 2,
            b'[' => i = skip_class(p, i)?,
            b'{' => {
                let close = matching_brace(p, i).ok_or(Malformed)?;
                let alternatives = split_top_level_commas(&p[i + 1..close]);
                if alternatives.len() > 1 {
                    for alt in alternatives {
                        let mut next = Vec::with_capacity(p.len());
                        next.extend_from_slice(&p[..i]);
                        next.extend_from_slice(alt);
                        next.extend_from_slice(&p[close + 1..]);
                        expand_braces(&next, out)?;
                        if out.len() > MAX_EXPANSIONS {
                            return Err(Malformed);
                        }
                    }
                    return Ok(());
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    out.push(p.to_vec());
    Ok(())
}

/// Where the `{` at `open` closes, escapes and bracket expressions skipped.
fn matching_brace(p: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0;
    let mut i = open;
    while i < p.len() {
        match p[i] {
            b'\\' => i += 1,
            b'[' => {
                i = skip_class(p, i).ok()?;
                continue;
            }
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The inside of a group cut at its top-level commas (not inside a nested group, a bracket expression or an escape).
fn split_top_level_commas(p: &[u8]) -> Vec<&[u8]> {
    let mut parts = Vec::new();
    let (mut depth, mut start, mut i) = (0, 0, 0);
    while i < p.len() {
        match p[i] {
            b'\\' => i += 1,
            b'[' => {
                i = skip_class(p, i).unwrap_or(p.len());
                continue;
            }
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b',' if depth == 0 => {
                parts.push(&p[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&p[start..]);
    parts
}

/// The segments of one brace-free pattern: cut at every `/`, an escaped one too (a slash cannot be part of a name).
fn split_segments(p: &[u8]) -> Vec<&[u8]> {
    let mut parts = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < p.len() {
        match p[i] {
            b'\\' if p.get(i + 1) == Some(&b'/') => {
                parts.push(&p[start..i]);
                i += 2;
                start = i;
            }
            b'\\' => i += 2,
            b'/' => {
                parts.push(&p[start..i]);
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    parts.push(&p[start..]);
    parts
}

/// One brace-free pattern; None when it can only name the starting directory itself (`.`), which is never a result.
fn compile_one(p: &[u8]) -> Result<Option<Pattern>, Malformed> {
    if p.starts_with(b"/") || p.starts_with(b"\\/") {
        return Err(Malformed);
    }
    let raws = split_segments(p);
    let mut dirs_only = p.ends_with(b"/");
    let mut segs: Vec<Seg> = Vec::new();
    for (k, raw) in raws.iter().enumerate() {
        if raw.is_empty() {
            continue;
        }
        if *raw == b"**" {
            if segs.last() != Some(&Seg::Globstar) {
                segs.push(Seg::Globstar);
            }
            continue;
        }
        let seg = compile_segment(raw)?;
        match &seg {
            Seg::Literal(name) if name == b"." => {
                // `a/.` is `a/`: the directory itself
                dirs_only |= k == raws.len() - 1;
                continue;
            }
            Seg::Literal(name) if name == b".." => return Err(Malformed),
            _ => segs.push(seg),
        }
    }
    if segs.is_empty() {
        return Ok(None);
    }
    let mut rest_is_globstars = vec![true; segs.len() + 1];
    for i in (0..segs.len()).rev() {
        rest_is_globstars[i] = rest_is_globstars[i + 1] && segs[i] == Seg::Globstar;
    }
    Ok(Some(Pattern { segs, dirs_only, rest_is_globstars }))
}

fn compile_segment(raw: &[u8]) -> Result<Seg, Malformed> {
    let mut toks = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        match raw[i] {
            b'\\' => {
                let b = *raw.get(i + 1).ok_or(Malformed)?;
                toks.push(Tok::Byte(b));
                i += 2;
            }
            b'*' => {
                if toks.last() != Some(&Tok::Star) {
                    toks.push(Tok::Star);
                }
                i += 1;
            }
            b'?' => {
                toks.push(Tok::AnyChar);
                i += 1;
            }
            b'[' => {
                let (tok, next) = compile_class(raw, i)?;
                toks.push(tok);
                i = next;
            }
            b => {
                toks.push(Tok::Byte(b));
                i += 1;
            }
        }
    }
    let literal_from = |from: usize| -> Option<Vec<u8>> {
        toks[from..].iter().map(|t| if let Tok::Byte(b) = t { Some(*b) } else { None }).collect()
    };
    Ok(match toks.first() {
        Some(Tok::Star) if toks.len() == 1 => Seg::Any,
        Some(Tok::Star) => match literal_from(1) {
            Some(suffix) => Seg::Suffix(suffix),
            None => Seg::Wild(toks),
        },
        _ => match literal_from(0) {
            Some(lit) => Seg::Literal(lit),
            None => Seg::Wild(toks),
        },
    })
}

/// `[...]` starting at `open`: the token and the index after the closing `]`.
fn compile_class(raw: &[u8], open: usize) -> Result<(Tok, usize), Malformed> {
    let mut i = open + 1;
    let negated = matches!(raw.get(i), Some(b'!' | b'^'));
    if negated {
        i += 1;
    }
    let mut ranges = Vec::new();
    let mut first = true;
    loop {
        let &b = raw.get(i).ok_or(Malformed)?;
        if b == b']' && !first {
            return Ok((Tok::Class { negated, ranges }, i + 1));
        }
        first = false;
        let (lo, next) = class_char(raw, i)?;
        i = next;
        if raw.get(i) == Some(&b'-') && raw.get(i + 1).is_some_and(|&c| c != b']') {
            let (hi, next) = class_char(raw, i + 1)?;
            if hi < lo {
                return Err(Malformed);
            }
            ranges.push((lo, hi));
            i = next;
        } else {
            ranges.push((lo, lo));
        }
    }
}

fn class_char(raw: &[u8], i: usize) -> Result<(u32, usize), Malformed> {
    let i = if raw[i] == b'\\' { i + 1 } else { i };
    if i >= raw.len() {
        return Err(Malformed);
    }
    let (c, len) = decode(raw, i);
    Ok((c, i + len))
}

/// The character at `i`: its code point and byte length. A byte that does not start a valid UTF-8 sequence is a
/// character of its own, mapped where no valid code point lives (so `[!a]` matches it and `[a-z]` does not).
#[inline]
fn decode(s: &[u8], i: usize) -> (u32, usize) {
    let b = s[i];
    if b < 0x80 {
        return (b as u32, 1);
    }
    let len = match b {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return (0x11_0000 + b as u32, 1),
    };
    match s.get(i..i + len).and_then(|seq| std::str::from_utf8(seq).ok()) {
        Some(ch) => (ch.chars().next().map_or(0, |c| c as u32), len),
        None => (0x11_0000 + b as u32, 1),
    }
}

impl Seg {
    /// Whether `name` (one directory entry, never `.` or `..`) matches this non-globstar segment.
    #[inline]
    pub(crate) fn matches(&self, name: &[u8], dot: bool) -> bool {
        let hidden = !dot && name.first() == Some(&b'.');
        match self {
            Seg::Globstar => !hidden,
            Seg::Literal(lit) => lit == name,
            Seg::Any => !hidden,
            Seg::Suffix(suffix) => !hidden && name.len() >= suffix.len() && name.ends_with(suffix),
            Seg::Wild(toks) => (!hidden || toks.first() == Some(&Tok::Byte(b'.'))) && wild_match(toks, name),
        }
    }
}

/// Token matching with one backtrack point (the last `*`): a later star can absorb whatever an earlier one would,
/// so retrying only the last is exact and keeps the match O(tokens x name).
fn wild_match(toks: &[Tok], name: &[u8]) -> bool {
    let (mut t, mut n) = (0, 0);
    let mut resume: Option<(usize, usize)> = None;
    loop {
        if t < toks.len() {
            let step = match &toks[t] {
                Tok::Star => {
                    resume = Some((t + 1, n));
                    t += 1;
                    continue;
                }
                Tok::Byte(b) => (n < name.len() && name[n] == *b).then_some(1),
                Tok::AnyChar => (n < name.len()).then(|| decode(name, n).1),
                Tok::Class { negated, ranges } => (n < name.len())
                    .then(|| decode(name, n))
                    .filter(|&(c, _)| ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi) != *negated)
                    .map(|(_, len)| len),
            };
            if let Some(len) = step {
                t += 1;
                n += len;
                continue;
            }
        } else if n == name.len() {
            return true;
        }
        match resume {
            Some((rt, rn)) if rn < name.len() => {
                let rn = rn + decode(name, rn).1;
                resume = Some((rt, rn));
                t = rt;
                n = rn;
            }
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(p: &str) -> Seg {
        compile_segment(p.as_bytes()).ok().expect("well-formed")
    }

    /// The semantics table of one segment: (pattern, name, dot, expected).
    #[test]
    fn segment_semantics() {
        let table: &[(&str, &[u8], bool, bool)] = &[
            ("*", b"a.js", false, true),
            ("*", b".hidden", false, false),
            ("*", b".hidden", true, true),
            ("*.js", b"a.js", false, true),
            ("*.js", b".js", false, false),
            ("*.js", b".js", true, true),
            ("*.js", b"a.jsx", false, false),
            (".*", b".hidden", false, true),
            (".h*", b".hidden", false, true),
            ("a*b*c", b"abc", false, true),
            ("a*b*c", b"axxbyyc", false, true),
            ("a*b*c", b"axxbyy", false, false),
            ("a*b", b"abab", false, true),
            ("?", b"a", false, true),
            ("?", b"ab", false, false),
            ("?", "é".as_bytes(), false, true),
            ("??", "é".as_bytes(), false, false),
            ("?", b"\xff", false, true),
            ("f?.js", b"f1.js", false, true),
            ("[abc]", b"b", false, true),
            ("[abc]", b"d", false, false),
            ("[a-z]x", b"qx", false, true),
            ("[!a-z]", b"Q", false, true),
            ("[^a-z]", b"q", false, false),
            ("[]a]", b"]", false, true),
            ("[a-]", b"-", false, true),
            ("[é-ë]", "ê".as_bytes(), false, true),
            ("[!a]", b"\xff", false, true),
            ("[a-z]", b"\xff", false, false),
            ("\\*", b"*", false, true),
            ("\\*", b"a", false, false),
            ("a\\?b", b"a?b", false, true),
            ("[\\]]", b"]", false, true),
            ("literal", b"literal", false, true),
            ("literal", b"literally", false, false),
        ];
        for &(p, name, dot, expected) in table {
            assert_eq!(seg(p).matches(name, dot), expected, "{p:?} vs {:?} dot={dot}", String::from_utf8_lossy(name));
        }
    }

    #[test]
    fn segment_kinds() {
        assert_eq!(seg("*"), Seg::Any);
        assert_eq!(seg("**x"), Seg::Suffix(b"x".to_vec()));
        assert_eq!(seg("*.js"), Seg::Suffix(b".js".to_vec()));
        assert_eq!(seg("a\\*"), Seg::Literal(b"a*".to_vec()));
        assert!(matches!(seg("a*"), Seg::Wild(_)));
    }

    fn expanded(p: &str) -> Vec<String> {
        let mut out = Vec::new();
        expand_braces(p.as_bytes(), &mut out).ok().expect("well-formed");
        out.into_iter().map(|v| String::from_utf8(v).unwrap()).collect()
    }

    #[test]
    fn braces_expand_nested_and_across_segments() {
        assert_eq!(expanded("{a,b}.js"), ["a.js", "b.js"]);
        assert_eq!(expanded("x{a,{b,c}d}"), ["xa", "xbd", "xcd"]);
        assert_eq!(expanded("{src,test/unit}/*.js"), ["src/*.js", "test/unit/*.js"]);
        assert_eq!(expanded("{a}"), ["{a}"]);
        assert_eq!(expanded("{a{b,c}}"), ["{ab}", "{ac}"]);
        assert_eq!(expanded("\\{a,b}"), ["\\{a,b}"]);
        assert_eq!(expanded("{,a}b"), ["b", "ab"]);
        assert_eq!(expanded("{{a,b}}"), ["{a}", "{b}"]);
    }

    #[test]
    fn brackets_are_units_for_brace_expansion() {
        assert_eq!(expanded("[{]"), ["[{]"]);
        assert_eq!(expanded("[}]{a,b}"), ["[}]a", "[}]b"]);
        assert_eq!(expanded("{[,],x}"), ["[,]", "x"]);
        assert_eq!(expanded("{}"), ["{}"]);
        assert_eq!(expanded("{,}"), ["", ""]);
        assert!(compile(&[b"{,}"]).unwrap().is_empty(), "empty expansions are dropped");
        assert_eq!(compile(&[b"{,a}"]).unwrap().len(), 1);
    }

    #[test]
    fn malformed_absolute_and_escaping_patterns_are_refused() {
        for bad in [
            "", "/abs", "{/etc,a}", "\\/abs", "[abc", "a/[", "{a,b", "a}", "{a,b}}", "x\\", "[z-a]", "../x", "a/../b",
            "{a,b}{", "[a/b]", "[\\/]", "[]", "[!]", "a/\\.\\.",
        ] {
            assert_eq!(compile(&[bad.as_bytes()]).err(), Some(bad.as_bytes().to_vec()), "{bad:?}");
        }
        assert!(compile(&[b"a\\\\"]).is_ok(), "an escaped backslash at the end is fine");
        assert!(compile(&[b"\\}"]).is_ok(), "an escaped closing brace is a literal");
        assert!(compile(&[b"[+-0]"]).is_ok(), "a range may span '/'");
    }

    #[test]
    fn brace_expansion_is_capped() {
        let twelve = "{a,b}".repeat(12);
        assert_eq!(compile(&[twelve.as_bytes()]).unwrap().len(), MAX_EXPANSIONS);
        let thirteen = "{a,b}".repeat(13);
        assert!(compile(&[thirteen.as_bytes()]).is_err());
    }

    #[test]
    fn pattern_structure() {
        let p = compile(&[b"./a//**/**/*.js"]).unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].segs, vec![Seg::Literal(b"a".to_vec()), Seg::Globstar, Seg::Suffix(b".js".to_vec())]);
        assert!(!p[0].dirs_only);
        let p = compile(&[b"a/**"]).unwrap();
        assert!(p[0].may_end_at(1) && p[0].may_end_at(2) && !p[0].may_end_at(0));
        assert!(compile(&[b"src/"]).unwrap()[0].dirs_only);
        assert!(compile(&[b"src/."]).unwrap()[0].dirs_only, "a/. is a/");
        assert!(compile(&[b"."]).unwrap().is_empty());
        assert!(compile(&[b"./"]).unwrap().is_empty());
        assert_eq!(compile(&[b"{a,a}", b"a"]).unwrap().len(), 1, "duplicates compiled once");
        let p = compile(&[b"a\\/b"]).unwrap();
        assert_eq!(
            p[0].segs,
            vec![Seg::Literal(b"a".to_vec()), Seg::Literal(b"b".to_vec())],
            "an escaped slash separates"
        );
        let p = compile(&[b"a/\\./b"]).unwrap();
        assert_eq!(p[0].segs.len(), 2, "an escaped dot segment is a dot segment");
    }
}
