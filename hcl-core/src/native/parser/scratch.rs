//! The parser's working buffers (token batch, newline-mode stack, scratch
//! stacks), kept per thread between parses: a configuration is usually many
//! small files, and growing every buffer afresh for each one costs more
//! allocations than parsing their content.

use super::template::Flat;
use crate::native::ast::{Attribute, Block, Expr, Label, ObjectItem, Traverser};
use crate::native::lexer::Lexeme;
use std::cell::Cell;

/// Buffers that grew beyond this many elements are shrunk before they are
/// kept, so that one huge file does not pin its memory to the thread: what
/// a thread keeps stays under about 400 KB (small files need far less).
const KEEP: usize = 1024;

#[derive(Default)]
pub(super) struct Scratch {
    pub(super) buf: Vec<Lexeme>,
    pub(super) newlines: Vec<bool>,
    pub(super) attr_stack: Vec<Attribute>,
    pub(super) attr_pool: Vec<Vec<Attribute>>,
    pub(super) block_stack: Vec<Block>,
    pub(super) expr_stack: Vec<Expr>,
    pub(super) item_stack: Vec<ObjectItem>,
    pub(super) label_stack: Vec<Label>,
    pub(super) flat_pool: Vec<Vec<Flat>>,
    pub(super) step_stack: Vec<Traverser>,
}

thread_local! {
    static KEPT: Cell<Option<Box<Scratch>>> = const { Cell::new(None) };
}

impl Scratch {
    /// The thread's kept buffers (all empty), or new ones.
    pub(super) fn take() -> Scratch {
        KEPT.with(Cell::take).map_or_else(Scratch::default, |b| *b)
    }

    /// Empties the buffers and keeps them for the thread's next parse.
    pub(super) fn give_back(mut self) {
        fn reset<T>(v: &mut Vec<T>) {
            v.clear();
            v.shrink_to(KEEP);
        }
        reset(&mut self.buf);
        reset(&mut self.newlines);
        reset(&mut self.attr_stack);
        reset(&mut self.block_stack);
        reset(&mut self.expr_stack);
        reset(&mut self.item_stack);
        reset(&mut self.label_stack);
        // The pools hold one list per nesting level (of bodies, of
        // templates); deep levels are rare and small, so a few short lists
        // are kept.
        self.attr_pool.truncate(16);
        for v in &mut self.attr_pool {
            v.clear();
            v.shrink_to(128);
        }
        self.flat_pool.truncate(16);
        for v in &mut self.flat_pool {
            v.clear();
            v.shrink_to(128);
        }
        reset(&mut self.step_stack);
        KEPT.with(|k| k.set(Some(Box::new(self))));
    }
}

/// Asserts that parsing `good` after parsing each of `others` on this
/// thread gives what a parse of `good` on a fresh thread gives: whatever a
/// parse leaves behind for the next one (these buffers, the tree's kept
/// lists and boxes) must never show.
#[cfg(test)]
pub(crate) fn assert_unaffected_by_earlier_parses(good: &str, others: &[&str]) {
    use crate::native::{parse_config, ParseOptions};
    use crate::pos::SourceFile;

    let good = SourceFile::new("good.tf", good);
    let fresh = std::thread::spawn({
        let good = good.clone();
        move || {
            let (f, d) = parse_config(&good, &ParseOptions::default());
            ((*f.tree).clone(), f.root, d)
        }
    })
    .join()
    .unwrap();
    for other in others {
        let _ = parse_config(
            &SourceFile::new("other.tf", *other),
            &ParseOptions::default(),
        );
    }
    let (f, d) = parse_config(&good, &ParseOptions::default());
    assert_eq!(((*f.tree).clone(), f.root, d), fresh);
}

#[cfg(test)]
mod test {
    #[test]
    fn kept_buffers_do_not_leak_into_the_next_parse() {
        // Broken files abandon work on the stacks and the token batch.
        super::assert_unaffected_by_earlier_parses(
            "a = { k = [1, \"${x}\"] }\nb \"l\" {\n  c = d.e\n}\n",
            &[
                "a = [1, {k = ",
                "b \"l\" { c = f(1, 2",
                "x = \"${a[",
                "{{{{",
            ],
        );
    }
}
