#![cfg(feature = "cli")]
//! `stonegame bundle`: the shipped bundler, run from the binary.

use crate::common;

use common::{run, stderr, stdout};

#[test]
fn bundles_an_example_from_the_package_sources() {
    let program = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/dp_l.rs");
    let out = run(&["bundle", program], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let bundle = stdout(&out);
    let source = std::fs::read_to_string(program).unwrap();
    assert!(
        bundle.starts_with(source.trim_end()),
        "the program comes first, unchanged"
    );
    assert!(bundle.contains("\nmod stonegame {\n"));
    assert!(bundle.contains("pub struct Ends"));
    assert!(bundle.len() <= 49_152, "{} bytes", bundle.len());
}

#[test]
fn pruning_drops_what_the_program_never_reaches() {
    let program = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/dp_l.rs");
    let pruned = run(&["bundle", program], "");
    let unpruned = run(&["bundle", "--no-prune", program], "");
    assert!(unpruned.status.success(), "{}", stderr(&unpruned));
    let (pruned, unpruned) = (stdout(&pruned), stdout(&unpruned));
    assert!(unpruned.contains("pub struct Ends") && pruned.contains("pub struct Ends"));
    // `Error` variants the program's code never constructs go, with their message arms.
    let variants = |text: &str| text.matches("=> write!(f,").count();
    assert!(
        variants(&pruned) < variants(&unpruned),
        "{} arms pruned, {} unpruned",
        variants(&pruned),
        variants(&unpruned)
    );
    assert!(pruned.len() < unpruned.len());
}

#[test]
fn a_missing_program_or_crate_is_a_clear_error() {
    let out = run(&["bundle", "no/such/program.rs"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("line 1: cannot read the program"),
        "{}",
        stderr(&out)
    );
    let program = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/dp_l.rs");
    let out = run(&["bundle", "--crate", "/nonexistent", program], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no stonegame sources with tools/bundle"),
        "{}",
        stderr(&out)
    );
}

/// A program file written to a fresh temporary directory, removed on drop.
struct ScratchProgram(std::path::PathBuf);

impl ScratchProgram {
    fn new(name: &str, source: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "stonegame-bundle-test-{}-{name}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("main.rs");
        std::fs::write(&path, source).unwrap();
        ScratchProgram(dir)
    }

    fn path(&self) -> String {
        self.0.join("main.rs").display().to_string()
    }
}

impl Drop for ScratchProgram {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_program_that_reads_other_files_is_refused_with_their_lines() {
    let program = ScratchProgram::new(
        "include",
        "use stonegame::impartial::Nim;\nmod helper;\n// include!(\"only a comment\")\n\
         fn main() { include!(\"body.rs\"); let _ = \"include!(in a string)\"; }\n",
    );
    let out = run(&["bundle", &program.path()], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(message.contains("line 2: `mod helper;`"), "{message}");
    assert!(message.contains("line 4: `include!`"), "{message}");
    assert!(
        !message.contains("line 3"),
        "a comment is no include: {message}"
    );
    assert_eq!(message.matches("include!` reads").count(), 1, "{message}");
}

#[test]
fn a_bundle_rustc_rejects_fails_instead_of_passing_as_a_submission() {
    let program = ScratchProgram::new(
        "mistyped",
        "use stonegame::impartial::Nim;\nfn main() { let heaps: u32 = \"three\"; let _ = (Nim::new(), heaps); }\n",
    );
    let out = run(&["bundle", &program.path()], "");
    if !stderr(&out).contains("no rustc") {
        assert!(
            !out.status.success(),
            "a bundle that does not compile passed"
        );
        assert!(
            stderr(&out).contains("rustc rejects the bundle"),
            "{}",
            stderr(&out)
        );
        assert!(stderr(&out).contains("E0308"), "{}", stderr(&out));
    }
}
