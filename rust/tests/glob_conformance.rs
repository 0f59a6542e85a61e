//! `fsb_glob` against the language-neutral conformance table `conformance/glob.tsv` (its header says the format),
//! the one the Java backends are checked against too: every row, at concurrency 1 and 4. The library answers
//! EXPECTED; the last two columns (ANT, PLEXUS) say what the scanner backends answer, and are only read here.

mod common;

use common::*;
use fsbench_native::*;
use std::collections::HashMap;

const TABLE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../conformance/glob.tsv"));

const DIRS: i32 = 1;
const DOT: i32 = 2;

/// A text of the table with its «U+XXXX» escapes decoded; None if it holds a code unit UTF-8 cannot carry through
/// the C ABI (NUL, a lone surrogate).
fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('«') {
        out.push_str(&rest[..at]);
        let close = rest[at..].find('»').expect("an escape is closed") + at;
        let inside = &rest[at + '«'.len_utf8()..close];
        if !inside.is_empty() {
            let hex = inside.strip_prefix("U+").expect("«U+XXXX»");
            let unit = u32::from_str_radix(hex, 16).expect("hexadecimal code unit");
            out.push(char::from_u32(unit).filter(|&c| c != '\0')?);
        }
        rest = &rest[close + '»'.len_utf8()..];
    }
    out.push_str(rest);
    Some(out.into_bytes())
}

fn build(sb: &Sandbox, root: &str, entries: &[&str]) {
    sb.mkdirs(root);
    for entry in entries {
        if let Some((name, target)) = entry.split_once("->") {
            let link = sb.path(&format!("{root}/{name}"));
            std::fs::create_dir_all(link.parent().unwrap()).unwrap();
            std::os::unix::fs::symlink(target, link).unwrap();
        } else if entry.ends_with('/') {
            sb.mkdirs(&format!("{root}/{entry}"));
        } else {
            sb.write(&format!("{root}/{entry}"), entry.as_bytes());
        }
    }
}

fn glob(cwd: &std::ffi::CString, patterns: &[Vec<u8>], flags: i32, concurrency: i32) -> Result<Vec<String>, i32> {
    let mut buf = Vec::new();
    for p in patterns {
        buf.extend_from_slice(p);
        buf.push(0);
    }
    let mut out = [0i64; 2];
    match unsafe { fsb_glob(p(cwd), buf.as_ptr(), buf.len() as i64, flags, concurrency, &mut out) } {
        0 => {
            let names = strs(&split_names(&take_result(out)));
            let mut unique = names.clone();
            unique.dedup();
            assert_eq!(unique, names, "duplicates in the result");
            Ok(names)
        }
        e => Err(e),
    }
}

#[test]
fn every_row_of_the_table() {
    let sb = Sandbox::new("glob-table");
    let mut trees = HashMap::new();
    let (mut checked, mut java_only) = (0, 0);
    for (n, line) in TABLE.lines().enumerate() {
        let row = n + 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        match fields[0] {
            "tree" => {
                let root = format!("t{}", trees.len());
                build(&sb, &root, &fields[2].split(' ').collect::<Vec<_>>());
                trees.insert(fields[1], root);
            }
            "glob" => {
                let [_, tree, options, patterns, expected, bash, ant, plexus] = fields[..] else {
                    panic!("glob.tsv:{row}: eight fields expected: {line}");
                };
                for peer in [ant, plexus] {
                    assert!(!peer.is_empty(), "glob.tsv:{row}: a peer column is empty: {line}");
                }
                let Some(patterns) = patterns.split(' ').map(decode).collect::<Option<Vec<_>>>() else {
                    assert_eq!(bash, "strings", "glob.tsv:{row}: only `strings` rows may hold what UTF-8 cannot");
                    java_only += 1;
                    continue;
                };
                let mut flags = DIRS;
                let mut cwd = trees[tree].clone();
                for option in options.split(',').filter(|o| *o != "-") {
                    match option {
                        "dot" => flags |= DOT,
                        "files" => flags &= !DIRS,
                        _ => cwd = format!("{cwd}/{}", option.strip_prefix("cwd=").expect("a known option")),
                    }
                }
                let want: Result<Vec<String>, i32> = match expected {
                    "!malformed" => Err(FSB_E_INVAL_PATTERN),
                    "!nosuchfile" => Err(ENOENT),
                    "!notdir" => Err(ENOTDIR),
                    "(none)" => Ok(Vec::new()),
                    list => {
                        let mut v: Vec<String> =
                            list.split(' ').map(|p| String::from_utf8(decode(p).unwrap()).unwrap()).collect();
                        v.sort();
                        Ok(v)
                    }
                };
                for concurrency in [1, 4] {
                    let got = glob(&sb.c(&cwd), &patterns, flags, concurrency);
                    assert_eq!(got, want, "glob.tsv:{row}: {line}");
                }
                checked += 1;
            }
            kind => panic!("glob.tsv:{row}: unknown record {kind:?}"),
        }
    }
    assert!(checked > 250, "{checked} rows checked");
    eprintln!("glob.tsv: {checked} rows checked, {java_only} rows for Java strings only (NUL, lone surrogates)");
}
