//! What a dropped [`Tree`] leaves behind for the thread's next parse: its
//! emptied lists and the boxes of its commonest boxed expressions (tuples,
//! objects, calls, traversals, templates, conditionals, binary operations,
//! `for` expressions).
//!
//! Programs parse many files, or the same ones again (a language server, a
//! test run, a tool that re-reads its configuration): without this, every
//! parse allocates and grows the four lists afresh and boxes every tuple
//! and object payload anew. The boxes matter more than their count
//! suggests: glibc's per-thread cache keeps seven freed chunks of a size,
//! so in a file with fifty objects most of them take the allocator's slow
//! path twice. (In a module file such as the analysis benchmark's
//! large.tf, calls and traversals are the boxes: there a malloc and its
//! free cost ≈ 350 instructions, a kept box ≈ 30.) Measured with
//! callgrind: without what is kept here, parsing the decode benchmark's
//! file takes 9% more instructions, the shared corpus file by file 3% more
//! (`examples/decode_loop.rs parse`, `examples/parse_corpus_loop.rs`). A
//! first parse finds nothing kept and allocates as it would anyway.
//!
//! Only a tree parsed with [`Reuse::Thread`] (what the entry points ask
//! for) leaves anything. Kept memory is bounded (`KEEP_NODES` per list,
//! `KEEP_BOXES` boxes of each kind, `KEEP_CALLS` calls: at most about
//! 480 KB), freed by
//! [`release_kept_memory`](crate::native::release_kept_memory), and never visible: lists are empty, and a kept box is
//! overwritten before it is handed out
//! (`kept_buffers_and_boxes_do_not_leak_into_the_next_parse`).

use crate::native::parser::with_kept;

use super::{
    Attribute, Binary, Block, Body, ByteSpan, Call, Conditional, Expr, ExprKind, ForExpr,
    InlineList, Label, Object, Template, Traversal, Tree, Tuple,
};

/// Where a parse takes its working memory from, and where the memory of
/// the tree it builds goes when the tree is dropped.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) enum Reuse {
    /// What the thread's earlier parses and dropped trees left (bounded),
    /// and back there afterwards.
    #[default]
    Thread,
    /// Fresh memory, freed when done: nothing is kept. (The tests parse
    /// both ways; the entry points could offer it to callers who would
    /// rather keep nothing.)
    Fresh,
}

/// A tree parsed from at most this many bytes of text is small enough to
/// be parked whole when dropped (see [`keep`]): what it holds is then a
/// few times this.
pub(crate) const PARK_TEXT: usize = 64 * 1024;

/// Lists longer than this are shrunk before they are kept.
const KEEP_NODES: usize = 2048;
/// How many boxes of each kind a thread keeps.
const KEEP_BOXES: usize = 256;
/// How many call boxes a thread keeps: calls are the commonest boxes of
/// module files (large.tf, the analysis benchmark's: ≈ 350), and past the
/// bound each one costs a malloc and a free again (≈ 340 instructions).
/// 104 bytes each: 26 KB more than [`KEEP_BOXES`] of them.
const KEEP_CALLS: usize = 512;

/// The emptied lists of a dropped tree, for the next configuration's
/// tree.
#[derive(Default)]
pub(crate) struct TreeLists {
    bodies: Vec<Body>,
    attributes: Vec<Attribute>,
    blocks: Vec<Block>,
    labels: Vec<Label>,
}

impl TreeLists {
    /// Bytes the lists hold (their capacities), for the tests.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        fn bytes<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        bytes(&self.bodies) + bytes(&self.attributes) + bytes(&self.blocks) + bytes(&self.labels)
    }
}

/// Kept boxes, by kind. A parse holds the thread's while it runs (in its
/// [`Scratch`](crate::native::parser::Scratch)), so that a box costs it a
/// pop, not a look-up of the thread's store (≈ 25 instructions a box: a
/// tenth of the boxing of a call).
#[derive(Default)]
pub(crate) struct Boxes {
    tuples: Store<Tuple>,
    objects: Store<Object>,
    calls: Store<Call>,
    traversals: Store<Traversal>,
    templates: Store<Template>,
    conditionals: Store<Conditional>,
    fors: Store<ForExpr>,
    binaries: Store<Binary>,
}

impl Boxes {
    /// Bytes the boxes hold (their payloads' sizes), for the tests.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        fn bytes<T>(store: &Store<T>) -> usize {
            store.boxes.len() * std::mem::size_of::<T>()
        }
        bytes(&self.tuples)
            + bytes(&self.objects)
            + bytes(&self.calls)
            + bytes(&self.traversals)
            + bytes(&self.templates)
            + bytes(&self.conditionals)
            + bytes(&self.fors)
            + bytes(&self.binaries)
    }
}

/// The kept boxes of one kind, and how many boxes of the kind parses made
/// afresh (none was kept) since the list last grew.
///
/// The count sizes the list when boxes come back to a full one: a thread's
/// first dropped tree fills it in one allocation of the size it needs, not
/// by doubling from four through sizes each written once in fresh memory
/// (≈ 5 KB, a page fault or two, of a first parse of the benchmark's
/// medium.tf, whose tree is dropped as the process ends its work).
struct Store<T> {
    // The boxes themselves are what is kept (clippy's `vec_box` assumes
    // the values are wanted).
    #[allow(clippy::vec_box)]
    boxes: Vec<Box<T>>,
    made: usize,
}

impl<T> Default for Store<T> {
    fn default() -> Self {
        Store {
            boxes: Vec::new(),
            made: 0,
        }
    }
}

impl<T> Store<T> {
    /// Keeps `item`, unless `bound` boxes are kept already.
    #[inline]
    fn push(&mut self, item: Box<T>, bound: usize) {
        let len = self.boxes.len();
        if len >= bound {
            return;
        }
        if len == self.boxes.capacity() {
            self.grow(bound - len);
        }
        self.boxes.push(item);
    }

    /// Room for the boxes made since the list last grew (at most `room`),
    /// at least one.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, room: usize) {
        self.boxes.reserve(self.made.clamp(1, room));
        self.made = 0;
    }
}

/// Makes `tree`, an empty one, give its lists back as `reuse` says when
/// dropped; with [`Reuse::Thread`], its lists are the kept `lists` (if
/// there are any).
pub(super) fn lend_lists(tree: &mut Tree, reuse: Reuse, lists: &mut TreeLists) {
    tree.reuse = reuse;
    if reuse == Reuse::Thread {
        std::mem::swap(&mut tree.bodies, &mut lists.bodies);
        std::mem::swap(&mut tree.attributes, &mut lists.attributes);
        std::mem::swap(&mut tree.blocks, &mut lists.blocks);
        std::mem::swap(&mut tree.labels, &mut lists.labels);
    }
}

/// Empties `tree`, a [`Reuse::Thread`] one, and keeps its lists and payload
/// boxes, unless the thread already keeps lists (then they go back to the
/// allocator).
///
/// A small tree's attributes (and through them all its boxes) are parked
/// whole, as they are, when the thread has none parked: the next parse
/// takes its boxes from them ([`recycle_parked`]) before it starts. Taking
/// a tree apart costs about as much as parsing a tenth of it (medium.tf:
/// 20 K instructions, and 110 lines of code fetched cold by a process's
/// first parse), and a program that parses once (a one-shot command)
/// drops its tree as it ends: there, nothing comes to take the boxes, and
/// the parked tree is freed with the thread.
pub(super) fn keep(tree: &mut Tree) {
    if tree.reuse != Reuse::Thread {
        return;
    }
    fn emptied<T>(list: &mut Vec<T>) -> Vec<T> {
        trim(list, KEEP_NODES);
        std::mem::take(list)
    }
    // One look at what the thread keeps for the whole tree, not one for
    // each tuple and object. (Out of reach, the tree is dropped as any
    // value is: its fields, after this.)
    with_kept(|k| {
        let (bodies, blocks) = (emptied(&mut tree.bodies), emptied(&mut tree.blocks));
        let labels = emptied(&mut tree.labels);
        let lists = &mut k.lists;
        if tree.small && k.parked.capacity() == 0 {
            k.parked = std::mem::take(&mut tree.attributes);
        } else {
            strip_attributes(&mut tree.attributes, &mut k.boxes);
        }
        if lists.bodies.capacity() == 0 {
            *lists = TreeLists {
                bodies,
                attributes: std::mem::take(&mut lists.attributes),
                blocks,
                labels,
            };
        }
        if lists.attributes.capacity() == 0 && k.parked.capacity() == 0 {
            lists.attributes = emptied(&mut tree.attributes);
        }
    });
    tree.label_texts = Vec::new();
}

/// Empties `v` and shrinks it to `keep` elements if it grew beyond them.
// (The shrinking out of line: a small file's buffers and lists never need
// it, and its inlined code, one copy for each type, was most of the code
// that handing them back fetches cold in a first parse.) One rule for the
// parser's buffers and a dropped tree's lists.
#[inline(always)]
pub(crate) fn trim<T>(v: &mut Vec<T>, keep: usize) {
    v.clear();
    if v.capacity() > keep {
        shrink(v, keep);
    }
}

/// [`trim`]'s rare part.
#[cold]
#[inline(never)]
fn shrink<T>(v: &mut Vec<T>, keep: usize) {
    v.shrink_to(keep);
}

/// Drops the attributes' values, keeping their boxes in `boxes`; the list
/// is left empty (its memory kept).
fn strip_attributes(attributes: &mut Vec<Attribute>, boxes: &mut Boxes) {
    for attribute in attributes.drain(..) {
        drop_expr(attribute.expr, boxes);
    }
}

/// Takes the boxes of the tree parked in `parked` (see [`keep`]) into
/// `boxes`, and its emptied attribute list into `lists` if they have none.
/// (Out of line: a parse does it at most once, before it starts.)
#[inline(never)]
pub(crate) fn recycle_parked(
    parked: &mut Vec<Attribute>,
    boxes: &mut Boxes,
    lists: &mut TreeLists,
) {
    strip_attributes(parked, boxes);
    trim(parked, KEEP_NODES);
    let list = std::mem::take(parked);
    if lists.attributes.capacity() == 0 {
        lists.attributes = list;
    }
}

/// Drops `expr`, keeping the boxes of the tuples and objects in it (at any
/// depth of tuples and objects) in `kept`.
#[inline]
fn drop_expr(expr: Expr, kept: &mut Boxes) {
    if frees_nothing(&expr.kind) {
        // Most values are literals and names, and running their drop glue
        // one by one is a fifth of dropping a small file's tree
        // (callgrind, the decode benchmark's file: 7.2M instructions of
        // `drop_in_place<ExprKind>` in 2000 rounds with this, 35.1M
        // without). `frees_nothing` must match the drop glue exactly: the
        // `no_leaks` test counts every allocation and free of parsing and
        // dropping trees of every expression kind and finds none left.
        std::mem::forget(expr);
    } else {
        keep_boxes(expr, kept);
    }
}

/// Keeps the box of a tuple, object, call, traversal, template, conditional
/// or binary operation, emptied: what it held is dropped (its boxes kept in
/// turn). A kept box holds only what owns nothing: empty lists, inline
/// lists of literals and names, and [`nothing`].
fn keep_boxes(expr: Expr, kept: &mut Boxes) {
    match expr.kind {
        // (A list that frees nothing is left in its box, which then still
        // owns nothing: most lists are short and hold literals and names,
        // and taking one out to drop its items one by one cost more than
        // the rest of keeping the box.)
        ExprKind::Tuple(mut tuple) => {
            strip_list(&mut tuple.items, kept, strip);
            push_bounded(&mut kept.tuples, tuple);
        }
        ExprKind::Object(mut object) => {
            strip_list(&mut object.items, kept, |item, kept| {
                strip(&mut item.key.expr, kept);
                strip(&mut item.value, kept);
            });
            push_bounded(&mut kept.objects, object);
        }
        ExprKind::Call(mut call) => {
            strip_list(&mut call.args, kept, strip);
            call.namespace = None;
            kept.calls.push(call, KEEP_CALLS);
        }
        ExprKind::ScopeTraversal(mut traversal) => {
            traversal.steps = Box::default();
            push_bounded(&mut kept.traversals, traversal);
        }
        ExprKind::Template(mut template) => {
            template.parts = Box::default();
            push_bounded(&mut kept.templates, template);
        }
        ExprKind::Conditional(mut c) => {
            for e in [&mut c.cond, &mut c.then, &mut c.otherwise] {
                strip(e, kept);
            }
            push_bounded(&mut kept.conditionals, c);
        }
        ExprKind::Binary(mut b) => {
            for e in [&mut b.lhs, &mut b.rhs] {
                strip(e, kept);
            }
            push_bounded(&mut kept.binaries, b);
        }
        ExprKind::For(mut f) => {
            for e in [&mut f.collection, &mut f.value] {
                strip(e, kept);
            }
            for e in [&mut f.key, &mut f.cond].into_iter().flatten() {
                strip(e, kept);
            }
            push_bounded(&mut kept.fors, f);
        }
        // (Not kept themselves, but what they hold is: calls, traversals
        // and operations inside `!`, brackets, indexes and splats.)
        ExprKind::Unary(u) => drop_expr(u.operand, kept),
        ExprKind::Parens(e) | ExprKind::TemplateWrap(e) => drop_expr(*e, kept),
        ExprKind::Index(i) => {
            let i = *i;
            drop_expr(i.collection, kept);
            drop_expr(i.key, kept);
        }
        ExprKind::Splat(s) => {
            let s = *s;
            drop_expr(s.source, kept);
            drop_expr(s.each, kept);
        }
        ExprKind::RelativeTraversal(t) => drop_expr(t.source, kept),
        // (Dropped as any value is.)
        kind => drop(kind),
    }
}

/// Leaves `expr` owning nothing: if it owns anything, it is replaced by
/// [`nothing`] and dropped, its boxes kept.
#[inline]
fn strip(expr: &mut Expr, kept: &mut Boxes) {
    if !frees_nothing(&expr.kind) {
        keep_boxes(std::mem::replace(expr, nothing()), kept);
    }
}

/// Leaves `list` owning nothing, as [`strip`] leaves an expression
/// (`strip_item` strips an item): an inline list's items are stripped in
/// place (most lists are short and hold literals and names, left as they
/// are), a `Many` list is emptied and freed, its items' boxes kept.
#[inline]
fn strip_list<T>(
    list: &mut InlineList<T>,
    kept: &mut Boxes,
    strip_item: impl Fn(&mut T, &mut Boxes),
) {
    if let InlineList::Many(items) = list {
        std::mem::take(items).into_iter().for_each(|mut item| {
            strip_item(&mut item, kept);
            // (Stripped, it owns nothing: as `drop_expr` forgets.)
            std::mem::forget(item);
        });
    } else {
        for item in list.as_mut_slice() {
            strip_item(item, kept);
        }
    }
}

/// An expression that owns nothing, left in an emptied kept box.
fn nothing() -> Expr {
    Expr {
        span: ByteSpan::default(),
        kind: ExprKind::Invalid,
    }
}

/// Whether dropping an expression of `kind` frees nothing: the kinds that
/// own no heap memory (checked by the `no_leaks` test, which would see a
/// forgotten allocation).
#[inline]
fn frees_nothing(kind: &ExprKind) -> bool {
    match kind {
        ExprKind::Number(n) => n.is_inline(),
        ExprKind::Bool(_)
        | ExprKind::Null
        | ExprKind::StringLit
        | ExprKind::Variable
        | ExprKind::AttrPath
        | ExprKind::AnonSymbol
        | ExprKind::Invalid => true,
        _ => false,
    }
}

fn push_bounded<T>(kept: &mut Store<T>, item: Box<T>) {
    kept.push(item, KEEP_BOXES);
}

/// `value` boxed: in a kept box from `kept` if there is one.
#[inline]
fn boxed<T>(value: T, kept: &mut Store<T>) -> Box<T> {
    match kept.boxes.pop() {
        Some(mut b) => {
            // (What a kept box holds owns nothing (`keep_boxes`): forgotten
            // rather than dropped.)
            std::mem::forget(std::mem::replace(&mut *b, value));
            b
        }
        None => {
            kept.made += 1;
            Box::new(value)
        }
    }
}

/// `tuple` boxed: in a kept box of `boxes` if there is one.
pub(crate) fn tuple(tuple: Tuple, boxes: &mut Boxes) -> Box<Tuple> {
    boxed(tuple, &mut boxes.tuples)
}

/// `object` boxed, as [`tuple`](fn@tuple).
pub(crate) fn object(object: Object, boxes: &mut Boxes) -> Box<Object> {
    boxed(object, &mut boxes.objects)
}

/// `call` boxed, as [`tuple`](fn@tuple).
pub(crate) fn call(call: Call, boxes: &mut Boxes) -> Box<Call> {
    boxed(call, &mut boxes.calls)
}

/// `traversal` boxed, as [`tuple`](fn@tuple).
pub(crate) fn traversal(traversal: Traversal, boxes: &mut Boxes) -> Box<Traversal> {
    boxed(traversal, &mut boxes.traversals)
}

/// `template` boxed, as [`tuple`](fn@tuple).
pub(crate) fn template(template: Template, boxes: &mut Boxes) -> Box<Template> {
    boxed(template, &mut boxes.templates)
}

/// `conditional` boxed, as [`tuple`](fn@tuple).
pub(crate) fn conditional(conditional: Conditional, boxes: &mut Boxes) -> Box<Conditional> {
    boxed(conditional, &mut boxes.conditionals)
}

/// `for_expr` boxed, as [`tuple`](fn@tuple).
pub(crate) fn for_expr(for_expr: ForExpr, boxes: &mut Boxes) -> Box<ForExpr> {
    boxed(for_expr, &mut boxes.fors)
}

/// `binary` boxed, as [`tuple`](fn@tuple).
pub(crate) fn binary(binary: Binary, boxes: &mut Boxes) -> Box<Binary> {
    boxed(binary, &mut boxes.binaries)
}

#[cfg(test)]
mod test {
    use crate::native::parse_config;
    use crate::pos::SourceFile;
    use crate::Limits;

    #[test]
    fn kept_buffers_and_boxes_do_not_leak_into_the_next_parse() {
        // Trees of other shapes (more and fewer nodes, deeper payloads,
        // broken ones) are dropped first, leaving lists and boxes behind.
        let many = "r = { s = [t, u], v = w }\n".repeat(300);
        crate::native::parser::assert_unaffected_by_earlier_parses(
            "a = [1, {k = [2, {}]}]\nb \"l\" {\n  c = { x = [], y = { z = 3 } }\n}\nd = 4\n\
             e = f(g.h[0], \"${i}x\", j ? k : l + 1)\n",
            &[
                "x = [[1, 2, 3, 4], {a = 1, b = 2, c = 3, d = 4}]\ny { z { w = [{}] } }\n",
                "m = p::q::r(s[\"t\"].u, v(w(1, 2), 3, 4, 5)...)\nn = \"${x}${y}\"\n\
                 o = a == b ? c[7].d : (e * -f)\n",
                "p = 1\n",
                "n = [for k in f(m) : g(k) if !h(k)]\no = (a + b)[f(c * 2)].d\n\
                 s = f(x)[*].y\nt = -g(x).z\n",
                "q = [1, {k = ",
                &many,
            ],
        );
    }

    #[test]
    fn a_small_tree_is_parked_whole_and_taken_apart_by_the_next_parse() {
        use crate::native::parser::{release_kept_memory, with_kept};
        let parked = || with_kept(|k| k.parked.len()).unwrap_or(0);
        let calls = || with_kept(|k| k.boxes.calls.boxes.len()).unwrap_or(0);
        release_kept_memory();
        let small = SourceFile::new("s.tf", "a = [f(x), {k = g(y)}]\nb = h(1)\n");
        drop(parse_config(&small, &Limits::default()));
        assert_eq!((parked(), calls()), (2, 0));
        // The next parse takes the three calls' boxes, and uses them.
        let (file, _) = parse_config(&small, &Limits::default());
        assert_eq!((parked(), calls()), (0, 0));
        drop(file);
        // A large text's tree is taken apart as it is dropped.
        let large = "c = f(x)\n".repeat(super::PARK_TEXT / 9 + 1);
        let large = SourceFile::new("l.tf", large);
        let (file, _) = parse_config(&large, &Limits::default());
        let parked_before = parked();
        drop(file);
        assert_eq!(parked(), parked_before);
        assert!(calls() > 0);
        release_kept_memory();
        assert_eq!((parked(), calls()), (0, 0));
    }

    #[test]
    fn a_tree_dropped_on_another_thread_is_kept_there() {
        let src = SourceFile::new("t.tf", "a = [{b = 1}]\n");
        let (file, _) = parse_config(&src, &Limits::default());
        let expected = file.tree().clone();
        std::thread::spawn(move || drop(file)).join().unwrap();
        let (again, _) = parse_config(&src, &Limits::default());
        assert_eq!(*again.tree(), expected);
    }
}
