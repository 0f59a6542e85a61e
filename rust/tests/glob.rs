//! fsb_glob on a fixture: the semantics table, uniqueness, links, concurrency and errors.

mod common;

use common::*;
use fsbench_native::*;

const DIRS: i32 = 1;
const DOT: i32 = 2;

fn glob_in(cwd: &std::ffi::CString, patterns: &[&[u8]], flags: i32, concurrency: i32) -> Result<Vec<Vec<u8>>, i32> {
    let mut buf = Vec::new();
    for p in patterns {
        buf.extend_from_slice(p);
        buf.push(0);
    }
    let mut out = [0i64; 2];
    match unsafe { fsb_glob(p(cwd), buf.as_ptr(), buf.len() as i64, flags, concurrency, &mut out) } {
        0 => {
            let names = split_names(&take_result(out));
            let mut unique = names.clone();
            unique.dedup();
            assert_eq!(unique, names, "duplicates in the result");
            Ok(names)
        }
        e => Err(e),
    }
}

fn fixture() -> Sandbox {
    let sb = Sandbox::new("glob");
    for f in [
        "top.js",
        "top.txt",
        ".dot.js",
        "src/a.js",
        "src/b.ts",
        "src/.env",
        "src/deep/c.js",
        "src/deep/more/d.js",
        ".git/config",
        ".git/hooks/h.js",
        "[x].js",
    ] {
        sb.write(f, b"x");
    }
    sb.mkdirs("empty");
    sb.symlink("src", "link");
    std::fs::write(sb.root.join(path_of(b"odd-\xff.js")), b"x").unwrap();
    sb
}

#[test]
fn semantics_table() {
    let sb = fixture();
    let cwd = c(&sb.root);
    let all_visible = vec![
        "top.js",
        "top.txt",
        "src",
        "src/a.js",
        "src/b.ts",
        "src/deep",
        "src/deep/c.js",
        "src/deep/more",
        "src/deep/more/d.js",
        "empty",
        "link",
        "[x].js",
        "odd-\u{fffd}.js",
    ];
    let files_visible: Vec<&str> =
        all_visible.iter().copied().filter(|p| !["src", "src/deep", "src/deep/more", "empty"].contains(p)).collect();
    let table: Vec<(Vec<&str>, i32, Vec<&str>)> = vec![
        (vec!["*.js"], 0, vec!["top.js", "[x].js", "odd-\u{fffd}.js"]),
        (vec!["*.js"], DOT, vec!["top.js", "[x].js", "odd-\u{fffd}.js", ".dot.js"]),
        (
            vec!["**/*.js"],
            0,
            vec!["top.js", "[x].js", "odd-\u{fffd}.js", "src/a.js", "src/deep/c.js", "src/deep/more/d.js"],
        ),
        (
            vec!["**/*.js"],
            DOT,
            vec![
                "top.js",
                "[x].js",
                "odd-\u{fffd}.js",
                "src/a.js",
                "src/deep/c.js",
                "src/deep/more/d.js",
                ".dot.js",
                ".git/hooks/h.js",
            ],
        ),
        (vec!["**/*"], DIRS, all_visible.clone()),
        (vec!["**/*"], 0, files_visible.clone()),
        (vec!["**"], DIRS, all_visible.clone()),
        (
            vec!["src/**"],
            DIRS,
            vec!["src", "src/a.js", "src/b.ts", "src/deep", "src/deep/c.js", "src/deep/more", "src/deep/more/d.js"],
        ),
        (vec!["src/*"], DIRS, vec!["src/a.js", "src/b.ts", "src/deep"]),
        (vec!["src/*"], 0, vec!["src/a.js", "src/b.ts"]),
        (vec!["src/.*"], 0, vec!["src/.env"]),
        (vec![".git/*"], DIRS, vec![".git/config", ".git/hooks"]),
        (vec!["{top,src/a}.js"], 0, vec!["top.js", "src/a.js"]),
        (vec!["src/{a,b}.{js,ts}"], 0, vec!["src/a.js", "src/b.ts"]),
        (vec!["?op.*"], 0, vec!["top.js", "top.txt"]),
        (vec!["[t]op.js"], 0, vec!["top.js"]),
        (vec!["\\[x\\].js"], 0, vec!["[x].js"]),
        (vec!["[!t]*.js"], 0, vec!["[x].js", "odd-\u{fffd}.js"]),
        (vec!["*.js", "top.*", "**/top.js"], 0, vec!["top.js", "[x].js", "odd-\u{fffd}.js", "top.txt"]),
        (vec!["src/"], DIRS, vec!["src"]),
        (vec!["link/*"], DIRS, vec![]),
        (vec!["link"], 0, vec!["link"]),
        (vec!["missing/**"], DIRS, vec![]),
        (vec!["src/deep/more/d.js"], 0, vec!["src/deep/more/d.js"]),
        (vec!["**/more"], DIRS, vec!["src/deep/more"]),
        (vec!["**/more"], 0, vec![]),
        (vec!["./src/a.js"], 0, vec!["src/a.js"]),
        (vec!["."], DIRS, vec![]),
        (vec![], DIRS, vec![]),
    ];
    for (patterns, flags, expected) in table {
        let pats: Vec<&[u8]> = patterns.iter().map(|p| p.as_bytes()).collect();
        for conc in [1, 4] {
            let got = strs(&glob_in(&cwd, &pats, flags, conc).unwrap());
            assert_eq!(got, sorted(expected.clone()), "{patterns:?} flags={flags} concurrency={conc}");
        }
    }
}

#[test]
fn bad_patterns_are_fsb_e_inval_pattern_naming_the_pattern() {
    let sb = fixture();
    let cwd = c(&sb.root);
    for bad in [&b"/etc/*"[..], b"src/[ab", b"{a,b", b"a}", b"../*", b""] {
        assert_eq!(glob_in(&cwd, &[b"*.js", bad], 0, 0), Err(FSB_E_INVAL_PATTERN), "{:?}", bad);
        assert_eq!(last_error_path(), bad);
    }
}

#[test]
fn walk_errors_name_the_path() {
    let sb = fixture();
    assert_eq!(glob_in(&sb.c("missing"), &[b"*"], 0, 0), Err(ENOENT));
    assert_eq!(last_error_path(), sb.c("missing").as_bytes());
    assert_eq!(glob_in(&sb.c("top.js"), &[b"*"], 0, 0), Err(ENOTDIR));
    let mut out = [0i64; 2];
    assert_eq!(unsafe { fsb_glob(p(&c(&sb.root)), std::ptr::null(), 4, 0, 0, &mut out) }, EINVAL);
}

#[test]
fn concurrency_does_not_change_the_result() {
    testing::fan_out_without_delay();
    let sb = Sandbox::new("glob-conc");
    make_bench_tree(&sb.root, 300);
    let expected = walk_std(&sb.root);
    for conc in [1, 4, 0] {
        assert_eq!(glob_in(&c(&sb.root), &[b"**/*"], DIRS, conc).unwrap(), expected, "concurrency {conc}");
    }
    let js = glob_in(&c(&sb.root), &[b"d1*/**/*.js"], 0, 4).unwrap();
    assert_eq!(js.len(), 25 + 50, "d1, d10 and d11");
}
