//! The parser's working memory (token batch, newline-mode stack, scratch
//! stacks) and where it comes from.
//!
//! A parse owns its [`Scratch`]: the parser value holds it, boxed, and
//! gives it back when its parse ends. Where it comes from is the parse's
//! [`Reuse`]: fresh memory, or what the thread's last parse gave back. The
//! thread keeps it in one box, with the lists and expression boxes that
//! dropped trees left (see [`kept`]): a parse takes the box whole and
//! hands it back whole (a pointer each way, one look-up of the thread's
//! store each), and a dropped tree looks it up once to leave its memory. Keeping it pays
//! where a program parses many small files (a configuration usually is
//! many files): growing every buffer afresh for each file costs more than
//! parsing its content — measured with callgrind over the shared corpus
//! parsed file by file (`examples/parse_corpus_loop.rs`), fresh buffers
//! cost 3.1% more instructions (1.5% more with sizes guessed up front),
//! 0.7% on the decode benchmark's one larger file. A first parse takes
//! fresh memory either way, so keeping it costs a first parse nothing.
//!
//! What a thread keeps is bounded (`KEEP`: under about 400 KB), never
//! visible in a result (`assert_unaffected_by_earlier_parses`), and freed
//! by [`release_kept_memory`] (with the lists and boxes that dropped trees
//! left, see [`kept`]).

use super::template::Flat;
use super::{BATCH, FIRST_BATCH};
use crate::native::ast::kept::{recycle_parked, trim, Boxes, TreeLists};
use crate::native::ast::{Attribute, Block, Expr, Label, ObjectItem, Traverser};
use crate::native::lexer::Lexeme;
use std::cell::Cell;

pub(crate) use crate::native::ast::kept::Reuse;

/// Buffers that grew beyond this many elements are shrunk before they are
/// kept, so that one huge file does not pin its memory to the thread: what
/// a thread keeps stays under about 400 KB (small files need far less).
const KEEP: usize = 1024;

/// A parse's working memory, and what dropped trees leave for the next
/// parse.
#[derive(Default)]
pub(crate) struct Scratch {
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
    /// Emptied boxes of expression payloads, handed out by the parse.
    pub(crate) boxes: Boxes,
    /// The emptied lists of a dropped tree, for the next configuration's.
    pub(crate) lists: TreeLists,
    /// The attributes of a small dropped tree, whole: the next parse takes
    /// their boxes (see [`kept::keep`](crate::native::ast::kept::keep)).
    pub(crate) parked: Vec<Attribute>,
}

/// Where the thread's [`Scratch`] is.
#[derive(Default)]
enum Slot {
    /// Nowhere: nothing kept yet, or released.
    #[default]
    Empty,
    /// A parse holds it.
    Lent,
    /// Here, for the next parse.
    Kept(Box<Scratch>),
}

thread_local! {
    static KEPT: Cell<Slot> = const { Cell::new(Slot::Empty) };
}

impl Scratch {
    /// A parse's working memory: the thread's kept box if `reuse` says so
    /// and there is one (emptied, lists and boxes aside, when it was given
    /// back), or a new one ([`Scratch::fresh`]) for `len` bytes of text.
    pub(super) fn take(reuse: Reuse, len: usize) -> Box<Scratch> {
        if reuse == Reuse::Thread {
            if let Ok(Slot::Kept(mut scratch)) = KEPT.try_with(|k| k.replace(Slot::Lent)) {
                // (Its memory is no longer fresh: the full batch, from the
                // second parse on.)
                if scratch.buf.capacity() < BATCH {
                    scratch.buf.reserve(BATCH);
                }
                if scratch.parked.capacity() != 0 {
                    let s = &mut *scratch;
                    recycle_parked(&mut s.parked, &mut s.boxes, &mut s.lists);
                }
                return scratch;
            }
        }
        Scratch::fresh(len)
    }

    /// New working memory for a parse of `len` bytes of text. Every byte
    /// of it is fresh memory, whose first touch costs a page fault (≈ 2–5
    /// µs on the benchmark machine; a thread's first parse of a 15 KB file
    /// took about a dozen for its heap), so it is sized to be touched
    /// little: a short token batch ([`FIRST_BATCH`]; a kept box gets the
    /// full [`BATCH`] when it is taken again), and stacks with room for
    /// what one body commonly holds (or all a short text can), so that
    /// they do not grow by doubling through sizes each written once and
    /// left behind.
    fn fresh(len: usize) -> Box<Scratch> {
        let mut scratch = Box::<Scratch>::default();
        scratch.buf.reserve(FIRST_BATCH);
        // (By the ratios the tree's lists are sized by, `make_room_for`, up
        // to about one body's worth: 64 attributes is a large resource.)
        scratch.attr_stack.reserve((len / 64).min(64));
        scratch.block_stack.reserve((len / 256).min(16));
        scratch.label_stack.reserve((len / 256).min(16));
        scratch.expr_stack.reserve((len / 256).min(16));
        scratch
    }

    /// Empties the buffers and, if `reuse` says so, keeps them for the
    /// thread's next parse (in place of any the thread got meanwhile).
    pub(super) fn give_back(mut self: Box<Self>, reuse: Reuse) {
        if reuse == Reuse::Fresh {
            return;
        }
        fn reset<T>(v: &mut Vec<T>) {
            trim(v, KEEP);
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
            trim(v, 128);
        }
        self.flat_pool.truncate(16);
        for v in &mut self.flat_pool {
            trim(v, 128);
        }
        reset(&mut self.step_stack);
        let _ = KEPT.try_with(|k| k.set(Slot::Kept(self)));
    }
}

/// Runs `f` on the thread's kept [`Scratch`] (made if there is none yet);
/// `None` when a parse holds it or the thread is ending.
pub(crate) fn with_kept<R>(f: impl FnOnce(&mut Scratch) -> R) -> Option<R> {
    KEPT.try_with(|k| match k.replace(Slot::Lent) {
        Slot::Kept(mut scratch) => {
            let r = f(&mut scratch);
            k.set(Slot::Kept(scratch));
            Some(r)
        }
        Slot::Empty => {
            let mut scratch = Box::default();
            let r = f(&mut scratch);
            k.set(Slot::Kept(scratch));
            Some(r)
        }
        Slot::Lent => None,
    })
    .ok()
    .flatten()
}

/// Frees the memory this thread keeps between parses: the parser's buffers
/// and the lists and boxes of the trees dropped on it. (Only a speed-up is
/// lost: the next parse starts with fresh memory.)
pub fn release_kept_memory() {
    let _ = KEPT.try_with(|k| k.set(Slot::Empty));
}

/// Bytes of memory this thread keeps between parses (the buffers'
/// capacities), for the tests.
#[cfg(test)]
pub(crate) fn kept_bytes() -> usize {
    fn bytes<T>(v: &Vec<T>) -> usize {
        v.capacity() * std::mem::size_of::<T>()
    }
    with_kept(|s| {
        bytes(&s.buf)
            + bytes(&s.newlines)
            + bytes(&s.attr_stack)
            + s.attr_pool.iter().map(bytes).sum::<usize>()
            + bytes(&s.block_stack)
            + bytes(&s.expr_stack)
            + bytes(&s.item_stack)
            + bytes(&s.label_stack)
            + s.flat_pool.iter().map(bytes).sum::<usize>()
            + bytes(&s.step_stack)
            + s.boxes.bytes()
            + s.lists.bytes()
            + bytes(&s.parked)
    })
    .unwrap_or(0)
}
