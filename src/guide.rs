// The guide: the pages of the crate's `docs/` directory, one module each
// (docs/README.md, the index, on this one), so they are read in the rustdoc
// and on docs.rs as well as in the repository. The modules hold no code.
//
// Links between pages are reference-style: each page ends with its own
// definitions (`[octal.md]: octal.md`, for a reader of the markdown files),
// and the rustdoc ones (`[octal.md]: crate::guide::octal`) come before the
// page, where they take precedence (the first definition of a label wins);
// `link_definitions!` (in lib.rs, to be in scope here) holds them. Images
// work the same way: `![title][plot.svg]`, the file for the repository at
// the page's end, a `data:` URI for the rustdoc before it.
#![doc = link_definitions!()]
#![doc = include_str!("../docs/README.md")]

/// Documents a module with one guide page, after the link definitions; a
/// page with figures also gets, first, the definitions of its images as
/// `data:` URIs (written with the figures by the tool that draws them), since
/// a relative image path has no file behind it on docs.rs.
macro_rules! guide_page {
    ($name:ident, $file:literal) => {
        #[doc = link_definitions!()]
        #[doc = include_str!(concat!("../docs/", $file))]
        pub mod $name {}
    };
    ($name:ident, $file:literal, figures $figures:literal) => {
        #[doc = link_definitions!()]
        #[doc = include_str!(concat!("../docs/", $figures))]
        #[doc = include_str!(concat!("../docs/", $file))]
        pub mod $name {}
    };
}

guide_page!(conventions, "conventions.md");
guide_page!(scoring, "scoring.md");
guide_page!(stone_series, "stone-series.md");
guide_page!(benchmarks, "benchmarks.md", figures "benchmarks/rustdoc-figures.md");
guide_page!(impartial, "impartial.md");
guide_page!(classic, "classic.md");
guide_page!(hackenbush, "hackenbush.md");
guide_page!(octal, "octal.md");
guide_page!(octal_arithmetic, "octal-arithmetic.md");
guide_page!(misere_quotients, "misere-quotients.md");
guide_page!(octal_frontier, "octal-frontier.md");
guide_page!(retrograde, "retrograde.md");
guide_page!(counting, "counting.md");
guide_page!(contest, "contest.md");
