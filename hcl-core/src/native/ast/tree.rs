//! The flat store of a parsed file's structure: [`Tree`] and its ids.

use std::fmt;
use std::marker::PhantomData;

use super::{Attribute, Block, Body, ByteSpan, Expr, ExprKind, Label};
use crate::pos::SourceFile;

/// The index of a node of type `T` in a [`Tree`].
///
/// An id is only meaningful for the tree it came from; looking up a foreign
/// id yields an empty placeholder node rather than a panic.
pub struct Id<T> {
    index: u32,
    of: PhantomData<fn() -> T>,
}

impl<T> Id<T> {
    pub(crate) const fn new(index: u32) -> Id<T> {
        Id {
            index,
            of: PhantomData,
        }
    }

    /// The position in the tree's list of `T`s.
    pub const fn index(self) -> usize {
        self.index as usize
    }
}

// Written out: derives would demand `T: Clone` and friends.
impl<T> Clone for Id<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Id<T> {}
impl<T> PartialEq for Id<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}
impl<T> Eq for Id<T> {}
impl<T> std::hash::Hash for Id<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.index.hash(state);
    }
}
impl<T> fmt::Debug for Id<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index)
    }
}

/// The id of a [`Body`].
pub type BodyId = Id<Body>;
/// The id of an [`Attribute`].
pub type AttrId = Id<Attribute>;

/// A contiguous run `start..end` of nodes of type `T` in a [`Tree`].
pub struct IdRange<T> {
    start: u32,
    end: u32,
    of: PhantomData<fn() -> T>,
}

impl<T> IdRange<T> {
    pub(crate) const fn new(start: u32, end: u32) -> IdRange<T> {
        IdRange {
            start,
            end: if end < start { start } else { end },
            of: PhantomData,
        }
    }

    /// The empty run.
    pub const fn empty() -> IdRange<T> {
        IdRange::new(0, 0)
    }

    /// How many nodes the run holds.
    #[inline]
    pub const fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    /// The ids, in order.
    #[inline]
    pub fn ids(self) -> impl ExactSizeIterator<Item = Id<T>> + DoubleEndedIterator {
        (self.start..self.end).map(Id::new)
    }

    /// The id at `index` in the run, if the run is that long.
    #[inline]
    pub fn get(self, index: usize) -> Option<Id<T>> {
        let index = u32::try_from(index).ok()?;
        (index < self.end - self.start).then(|| Id::new(self.start + index))
    }

    #[inline]
    fn as_usize(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

impl<T> Clone for IdRange<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for IdRange<T> {}
impl<T> PartialEq for IdRange<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.start, self.end) == (other.start, other.end)
    }
}
impl<T> Eq for IdRange<T> {}
impl<T> Default for IdRange<T> {
    fn default() -> Self {
        IdRange::empty()
    }
}
impl<T> fmt::Debug for IdRange<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}..#{}", self.start, self.end)
    }
}

/// The structure of one parsed file: every body, attribute, block and label,
/// each kind in one flat list. Shared as `Arc<Tree>` by the file and by
/// every body and expression handle into it.
///
/// A parse fills one [`Tree`]: a `Vec` each of bodies, attributes, blocks
/// and labels. A [`Body`] names a contiguous run of attributes and one of
/// blocks ([`IdRange`]s), a [`Block`] its run of labels and its body (an
/// [`Id`]). A handle to any node is then the shared tree plus a `u32`,
/// and the whole structure costs four allocations (growth aside) instead of
/// several per block and one per attribute.
///
/// Runs are contiguous because the parser collects a body's items on
/// scratch stacks and appends them when the body is complete: nested bodies
/// finish first, so a body's items are never interleaved with theirs.
#[derive(Clone, Default)]
pub struct Tree {
    pub(super) bodies: Vec<Body>,
    pub(super) attributes: Vec<Attribute>,
    pub(super) blocks: Vec<Block>,
    pub(super) labels: Vec<Label>,
    /// The decoded values of the labels whose quoted text had escapes
    /// (rare; see [`Label`]).
    pub(super) label_texts: Vec<Box<str>>,
    /// Where the tree's memory goes when it is dropped (see
    /// [`kept`](super::kept)); not part of what the tree says.
    pub(super) reuse: super::kept::Reuse,
    /// Whether the tree is small enough (by its text) to be parked whole
    /// when dropped (see [`kept::keep`](super::kept::keep)).
    pub(super) small: bool,
}

// Written out: the memory policy is not part of the tree's content.
impl PartialEq for Tree {
    fn eq(&self, other: &Self) -> bool {
        (
            &self.bodies,
            &self.attributes,
            &self.blocks,
            &self.labels,
            &self.label_texts,
        ) == (
            &other.bodies,
            &other.attributes,
            &other.blocks,
            &other.labels,
            &other.label_texts,
        )
    }
}

impl fmt::Debug for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tree")
            .field("bodies", &self.bodies)
            .field("attributes", &self.attributes)
            .field("blocks", &self.blocks)
            .field("labels", &self.labels)
            .field("label_texts", &self.label_texts)
            .finish()
    }
}

/// A parsed file as handles share it: its [`Tree`] and the source the
/// tree's spans refer to, in one allocation. Every body and expression
/// handle into the file holds one `Arc<ParsedFile>`: making and dropping a
/// handle touches one reference count, not one for the tree and one for
/// the source (each a locked instruction: an `Arc` clone and drop take
/// ≈5.5 ns on the benchmark machine).
#[derive(Debug)]
pub struct ParsedFile {
    /// The structure.
    pub tree: Tree,
    /// The file the tree was parsed from.
    pub source: SourceFile,
}

// What a foreign id resolves to (ids are only handed out by the parser, so
// this is reached only by mixing up trees).
static EMPTY_BODY: Body = Body {
    attributes: IdRange::empty(),
    blocks: IdRange::empty(),
    span: ByteSpan::new(0, 0),
};
static INVALID_ATTRIBUTE: Attribute = Attribute {
    name: ByteSpan::new(0, 0),
    expr: Expr {
        span: ByteSpan::new(0, 0),
        kind: ExprKind::Invalid,
    },
};

impl Tree {
    /// An empty tree that gives nothing back to the thread when dropped: a
    /// stand-in where a tree is moved out (a parser's before and after its
    /// parse), whose drop then costs no look-up of what the thread keeps
    /// (≈ 200 instructions a parse for the two a parser drops).
    pub(crate) fn placeholder() -> Tree {
        Tree {
            bodies: Vec::new(),
            attributes: Vec::new(),
            blocks: Vec::new(),
            labels: Vec::new(),
            label_texts: Vec::new(),
            reuse: super::kept::Reuse::Fresh,
            small: false,
        }
    }

    /// A body.
    #[inline]
    pub fn body(&self, id: BodyId) -> &Body {
        self.bodies.get(id.index()).unwrap_or(&EMPTY_BODY)
    }

    /// An attribute.
    #[inline]
    pub fn attribute(&self, id: AttrId) -> &Attribute {
        self.attributes
            .get(id.index())
            .unwrap_or(&INVALID_ATTRIBUTE)
    }

    /// A body's attributes, in source order.
    #[inline]
    pub fn attributes(&self, body: &Body) -> &[Attribute] {
        self.attributes
            .get(body.attributes.as_usize())
            .unwrap_or(&[])
    }

    /// A body's blocks, in source order.
    #[inline]
    pub fn blocks(&self, body: &Body) -> &[Block] {
        self.blocks.get(body.blocks.as_usize()).unwrap_or(&[])
    }

    /// A block's labels, in order.
    #[inline]
    pub fn labels(&self, block: &Block) -> &[Label] {
        self.labels.get(block.labels.as_usize()).unwrap_or(&[])
    }

    /// A label's value (escapes decoded, quotes removed).
    #[inline]
    pub fn label_value<'a>(&'a self, label: &Label, src: &'a str) -> &'a str {
        match label.decoded.checked_sub(1) {
            Some(i) => self.label_texts.get(i as usize).map_or("", |s| s),
            None if label.is_quoted(src) => label.span.inner().text(src),
            None => label.span.text(src),
        }
    }

    /// Notes the decoded value of a label; what its `decoded` field holds.
    pub(crate) fn push_label_text(&mut self, text: Box<str>) -> u32 {
        self.label_texts.push(text);
        self.label_texts.len() as u32
    }

    /// A body's attributes with their ids (for handles that refer to one).
    #[inline]
    pub fn attributes_with_ids(
        &self,
        body: &Body,
    ) -> impl ExactSizeIterator<Item = (AttrId, &Attribute)> + DoubleEndedIterator {
        body.attributes.ids().zip(self.attributes(body))
    }

    /// Makes room in this empty tree (a [`Tree::placeholder`]) for what
    /// the configuration `src` holds, in place, so that the lists rarely
    /// grow (each growth is an allocation and a copy,
    /// and the old copy stays behind in the heap: at the peak of a 10 MB
    /// parse, the lists' old copies were about a tenth of the memory).
    ///
    /// A small file's lists are sized by ratios from the shared corpus
    /// (real Terraform has an attribute per 86 bytes, a block per 250),
    /// taken at the dense side (one per 64 and per 256 bytes), so that
    /// most files' lists do not grow: a list that grows is written again
    /// in new memory, which in a thread's first parse is fresh memory, a
    /// page fault a page, where room not used costs at most the page it
    /// ends in (first parse, heap page faults with the ratios one per 128
    /// and 512: medium.tf 10, large.tf 42, app.hcl 27; with these 9, 39,
    /// 24; one per 48 and 192: 10, 41, 28). A large file's (from `LARGE`
    /// bytes on) are sized by counts that bound them: an attribute needs
    /// an `=`, a block (and its body) a `{`, so they never regrow. Room
    /// not used is never written, so it costs address space, not memory;
    /// the count costs about 1% of a parse (more than the pages it saves
    /// a small file), which small files, mostly parsed one after another,
    /// do not pay.
    ///
    /// With [`Reuse::Thread`](super::kept::Reuse), the lists a dropped
    /// tree left on this thread (`kept`, held by the parse) are reused
    /// (see [`kept`](super::kept)), and the tree's go back there when it
    /// is dropped. (In place: a tree built and moved in was a copy of it
    /// each parse.)
    pub(crate) fn make_room_for(
        &mut self,
        src: &str,
        reuse: super::kept::Reuse,
        kept: &mut super::kept::TreeLists,
    ) {
        const LARGE: usize = 256 * 1024;
        let len = src.len();
        super::kept::lend_lists(self, reuse, kept);
        self.small = len <= super::kept::PARK_TEXT;
        let tree = self;
        let (bodies, attributes, blocks, labels) = if len < LARGE {
            (len / 256 + 1, len / 64 + 1, len / 256, len / 256)
        } else {
            counted_room(src)
        };
        tree.bodies.reserve(bodies);
        tree.attributes.reserve(attributes);
        tree.blocks.reserve(blocks);
        tree.labels.reserve(labels);
    }

    pub(crate) fn push_body(&mut self, body: Body) -> BodyId {
        let id = Id::new(self.bodies.len() as u32);
        self.bodies.push(body);
        id
    }

    /// Moves `items` to the end of the attributes; their run.
    pub(crate) fn append_attributes(
        &mut self,
        items: impl Iterator<Item = Attribute>,
    ) -> IdRange<Attribute> {
        let start = self.attributes.len() as u32;
        self.attributes.extend(items);
        IdRange::new(start, self.attributes.len() as u32)
    }

    /// Moves `stack[from..]` to the end of the blocks; their run.
    pub(crate) fn append_blocks(&mut self, stack: &mut Vec<Block>, from: usize) -> IdRange<Block> {
        let start = self.blocks.len() as u32;
        move_tail(&mut self.blocks, stack, from);
        IdRange::new(start, self.blocks.len() as u32)
    }

    /// Moves `stack[from..]` to the end of the labels; their run.
    pub(crate) fn append_labels(&mut self, stack: &mut Vec<Label>, from: usize) -> IdRange<Label> {
        let start = self.labels.len() as u32;
        move_tail(&mut self.labels, stack, from);
        IdRange::new(start, self.labels.len() as u32)
    }

    /// Moves `stack[from..]` to the end of the attributes; their run.
    pub(crate) fn append_attributes_from(
        &mut self,
        stack: &mut Vec<Attribute>,
        from: usize,
    ) -> IdRange<Attribute> {
        let start = self.attributes.len() as u32;
        move_tail(&mut self.attributes, stack, from);
        IdRange::new(start, self.attributes.len() as u32)
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        super::kept::keep(self);
    }
}

/// Moves `stack[from..]` to the end of `list`. The whole stack (a top-level
/// body, or a block under one) moves in one copy, or none when `list` is
/// still empty and has no more room than the stack (the buffers are
/// swapped: a top-level body of a million attributes is not copied, nor
/// held twice at its peak); a tail is moved item by item (one item, the
/// commonest tail: a block's one label, a body's one nested block, without
/// the machinery of a drain), and an empty one (a block without nested
/// blocks or labels) not at all.
///
/// (A list with more room keeps it: swapped for the short stack of a
/// file's first body, the room reserved for the whole file went to the
/// stack, and in a thread's first parse the list then grew by doubling
/// from that body's size, each size written afresh: a first parse of the
/// benchmark's app.hcl touched 8 fresh heap pages more, medium.tf 1.)
fn move_tail<T>(list: &mut Vec<T>, stack: &mut Vec<T>, from: usize) {
    if from >= stack.len() {
        return;
    }
    if from == 0 && list.is_empty() && stack.capacity() >= list.capacity() {
        std::mem::swap(list, stack);
    } else if from + 1 == stack.len() {
        if let Some(item) = stack.pop() {
            list.push(item);
        }
    } else if from == 0 {
        list.append(stack);
    } else {
        list.extend(stack.drain(from..));
    }
}

/// Room for the bodies, attributes, blocks and labels of a large text
/// (see [`Tree::make_room_for`]), counted rather than guessed from its
/// length. (Out of line: a small file, the first parse of a process most
/// often, would fetch its inlined code cold and never run it.)
#[cold]
#[inline(never)]
fn counted_room(src: &str) -> (usize, usize, usize, usize) {
    let count = |b: u8| crate::byte_search::count(b, src.as_bytes());
    let braces = count(b'{');
    // (Labels are not bounded so cheaply: one a block, the norm of nested
    // blocks, and more only where the list must grow.)
    (braces + 1, count(b'=') + 1, braces, braces)
}

#[cfg(test)]
mod test {
    use super::*;
    use crate::native::parse_config;
    use crate::pos::SourceFile;
    use crate::Limits;

    /// The names of a body's items, nested blocks in braces.
    fn outline(tree: &Tree, body: &Body, src: &str) -> String {
        let mut out: Vec<String> = tree
            .attributes(body)
            .iter()
            .map(|a| a.name.text(src).to_owned())
            .collect();
        for b in tree.blocks(body) {
            let labels: Vec<&str> = tree
                .labels(b)
                .iter()
                .map(|l| tree.label_value(l, src))
                .collect();
            out.push(format!(
                "{}{:?}{{{}}}",
                b.ty.text(src),
                labels,
                outline(tree, tree.body(b.body), src)
            ));
        }
        out.join(" ")
    }

    #[test]
    fn tree_keeps_each_bodys_items_together_around_nested_bodies() {
        let text = "a = 1\nouter \"x\" {\n  b = 2\n  inner y z {\n    c = 3\n  }\n  d = 4\n  one { e = 5 }\n}\nf = 6\nlast {}\n";
        let src = SourceFile::new("t.hcl", text);
        let (file, diags) = parse_config(&src, &Limits::default());
        assert!(diags.is_empty(), "{diags}");
        assert_eq!(
            outline(file.tree(), file.root_body(), text),
            r#"a f outer["x"]{b d inner["y", "z"]{c} one[]{e}} last[]{}"#
        );
        assert_eq!(file.tree().bodies.len(), 5);
        assert_eq!(file.tree().attributes.len(), 6);
        assert_eq!(file.tree().blocks.len(), 4);
    }

    #[test]
    fn a_large_file_parses_as_its_parts_do() {
        // From 256 KB on, the lists are sized by counts of `=` and `{`
        // (`make_room_for`): the tree must still be its parts' trees,
        // end to end, escaped labels included.
        let part =
            "outer \"x\" {\n  b = { c = 2 }\n  inner y \"z\\tq\" {\n    d = 3\n  }\n  e = 4\n}\n";
        let small = SourceFile::new("t.hcl", part);
        let (one, diags) = parse_config(&small, &Limits::default());
        assert!(diags.is_empty(), "{diags}");
        let n = 256 * 1024 / part.len() + 1;
        let text = part.repeat(n);
        let src = SourceFile::new("t.hcl", text.as_str());
        let (file, diags) = parse_config(&src, &Limits::default());
        assert!(diags.is_empty(), "{diags}");
        assert_eq!(
            outline(file.tree(), file.root_body(), &text),
            vec![outline(one.tree(), one.root_body(), part); n].join(" ")
        );
        assert!(outline(one.tree(), one.root_body(), part).contains("\"z\\tq\""));
        // (One root body each.)
        assert_eq!(
            file.tree().bodies.len() - 1,
            n * (one.tree().bodies.len() - 1)
        );
        assert_eq!(
            file.tree().attributes.len(),
            n * one.tree().attributes.len()
        );
        assert_eq!(file.tree().labels.len(), n * one.tree().labels.len());
    }

    #[test]
    fn tree_keeps_blocks_cut_short_by_errors() {
        // A header without a brace still makes a block (with an empty body),
        // and its labels do not leak into the next block's.
        let text = "broken \"l1\" = 1\nok \"l2\" {\n  a = 1\n}\n";
        let src = SourceFile::new("t.hcl", text);
        let (file, diags) = parse_config(&src, &Limits::default());
        assert_eq!(
            diags.iter().next().map(|d| d.summary.as_str()),
            Some("Invalid block definition")
        );
        assert_eq!(
            outline(file.tree(), file.root_body(), text),
            r#"broken["l1"]{} ok["l2"]{a}"#
        );
    }

    #[test]
    fn tree_answers_foreign_ids_with_empty_nodes() {
        let tree = Tree::default();
        let body = tree.body(Id::new(7));
        assert!(tree.attributes(body).is_empty() && tree.blocks(body).is_empty());
        assert_eq!(tree.attribute(Id::new(3)).expr.kind, ExprKind::Invalid);
        let bogus = Body {
            attributes: IdRange::new(2, 9),
            blocks: IdRange::new(0, 1),
            span: ByteSpan::default(),
        };
        assert!(tree.attributes(&bogus).is_empty() && tree.blocks(&bogus).is_empty());
    }
}
