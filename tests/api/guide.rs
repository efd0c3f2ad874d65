//! The guide stays reachable from the rustdoc: every `docs/*.md` page is a
//! `stonegame::guide` module, every page's link label has a rustdoc target
//! and a target on disk, every image shows both in the repository and in the
//! rustdoc, and no doc comment of the library points to a guide page as plain
//! text (unreachable on docs.rs) instead of linking its module.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn guide_pages() -> Vec<String> {
    let mut pages: Vec<String> = fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".md"))
        .collect();
    pages.sort();
    pages
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_page_is_a_guide_module_with_a_rustdoc_link_target() {
    let guide = fs::read_to_string(root().join("src/guide.rs")).unwrap();
    let lib = fs::read_to_string(root().join("src/lib.rs")).unwrap();
    let pages = guide_pages();
    assert!(pages.len() >= 10, "{pages:?}");
    for page in pages {
        if page == "README.md" {
            assert!(guide.contains("include_str!(\"../docs/README.md\")"));
            continue;
        }
        let module = page.trim_end_matches(".md").replace('-', "_");
        let invocation = format!("guide_page!({module}, \"{page}\"");
        assert!(
            guide.contains(&format!("{invocation});"))
                || guide.contains(&format!("{invocation}, figures \"")),
            "src/guide.rs lacks {invocation});"
        );
        let target = format!("\"[{page}]: crate::guide::{module}\\n\"");
        assert!(
            lib.contains(&target),
            "src/lib.rs's link_definitions! lacks {target}"
        );
    }
}

#[test]
fn every_page_link_label_is_defined_for_readers_of_the_files() {
    let pages = guide_pages();
    for page in &pages {
        let text = fs::read_to_string(root().join("docs").join(page)).unwrap();
        for label in &pages {
            let used = format!("[{label}]");
            let definition = format!("\n[{label}]: {label}\n");
            let uses = text.matches(&used).count();
            if uses > 0 {
                assert!(
                    text.contains(&definition),
                    "docs/{page} uses {used} without {definition:?}"
                );
            }
            // An inline link would be broken in the rustdoc.
            assert!(
                !text.contains(&format!("]({label}")),
                "docs/{page}: inline link to {label}"
            );
        }
    }
}

#[test]
fn doc_comments_link_the_guide_instead_of_naming_its_files() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut plain = Vec::new();
    for file in files {
        // The command line's doc comments are its --help text, not rustdoc.
        if file.starts_with(root().join("src/bin")) {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let doc = line.trim_start();
            if (doc.starts_with("///") || doc.starts_with("//!"))
                && doc.contains("docs/")
                && doc.contains(".md")
            {
                plain.push(format!("{}:{}: {line}", file.display(), number + 1));
            }
        }
    }
    assert!(
        plain.is_empty(),
        "plain-text pointers to the guide:\n{}",
        plain.join("\n")
    );
}

/// `bytes` in standard base64 with padding, as a `data:` URI carries them.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |word, (i, &b)| word | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(word >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The `(alt, target, inline)` of every image of a markdown page: `inline`
/// for `![alt](target)`, not for `![alt][label]` (the target is the label).
fn images(text: &str) -> Vec<(String, String, bool)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("![") {
        rest = &rest[start + 2..];
        let Some(close) = rest.find(']') else { break };
        let alt = rest[..close].to_string();
        let after = &rest[close + 1..];
        let (open, end) = match after.chars().next() {
            Some('(') => ('(', ')'),
            Some('[') => ('[', ']'),
            _ => continue,
        };
        let Some(stop) = after.find(end) else { break };
        found.push((alt, after[1..stop].to_string(), open == '('));
    }
    found
}

/// The file of `data:` URI definitions src/guide.rs reads before `page`, if any.
fn rustdoc_figures(guide: &str, page: &str) -> Option<String> {
    let module = page.trim_end_matches(".md").replace('-', "_");
    let invocation = format!("guide_page!({module}, \"{page}\", figures \"");
    let start = guide.find(&invocation)? + invocation.len();
    let end = guide[start..].find('"')?;
    Some(guide[start..start + end].to_string())
}

#[test]
fn every_image_shows_in_the_repository_and_in_the_rustdoc() {
    let guide = fs::read_to_string(root().join("src/guide.rs")).unwrap();
    let mut checked = 0;
    for page in guide_pages() {
        let text = fs::read_to_string(root().join("docs").join(&page)).unwrap();
        let figures = rustdoc_figures(&guide, &page)
            .map(|file| fs::read_to_string(root().join("docs").join(file)).unwrap());
        for (alt, target, inline) in images(&text) {
            // A relative path is a file in the repository but nothing on docs.rs.
            assert!(
                !inline || ["https://", "data:"].iter().any(|p| target.starts_with(p)),
                "docs/{page}: the image ![{alt}]({target}) is broken in the rustdoc; \
                 write ![{alt}][{target}] with a data: URI for the rustdoc (tools/bench-report)"
            );
            if inline {
                continue;
            }
            let label = target;
            let definition = format!("\n[{label}]: ");
            let file = text
                .split(&definition)
                .nth(1)
                .and_then(|rest| rest.lines().next())
                .unwrap_or_else(|| {
                    panic!("docs/{page}: the image label [{label}] has no definition")
                });
            let bytes = fs::read(root().join("docs").join(file))
                .unwrap_or_else(|e| panic!("docs/{page}: [{label}]: {file}: {e}"));
            let figures = figures.as_deref().unwrap_or_else(|| {
                panic!("docs/{page} has images; src/guide.rs reads no rustdoc figures for it")
            });
            let uri = format!("[{label}]: data:image/svg+xml;base64,{}\n", base64(&bytes));
            assert!(
                figures.starts_with(&uri) || figures.contains(&format!("\n{uri}")),
                "the rustdoc's [{label}] of docs/{page} is not the current docs/{file} \
                 (rerun tools/bench-report)"
            );
            checked += 1;
        }
    }
    // The benchmark page's four plots at least.
    assert!(checked >= 4, "{checked} images");
}

#[test]
fn base64_is_the_standard_encoding() {
    assert_eq!(base64(b""), "");
    assert_eq!(base64(b"f"), "Zg==");
    assert_eq!(base64(b"fo"), "Zm8=");
    assert_eq!(base64(b"foo"), "Zm9v");
    assert_eq!(base64(b"foobar"), "Zm9vYmFy");
}
