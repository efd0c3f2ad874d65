//! The guide stays reachable from the rustdoc: every `docs/*.md` page is a
//! `stonegame::guide` module, every page's link label has a rustdoc target
//! and a target on disk, and no doc comment of the library points to a guide
//! page as plain text (unreachable on docs.rs) instead of linking its module.

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
        let invocation = format!("guide_page!({module}, \"{page}\");");
        assert!(
            guide.contains(&invocation),
            "src/guide.rs lacks {invocation}"
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
