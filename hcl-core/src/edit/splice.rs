//! Splices of the document's text: lines found, removed and indented, items inserted.

use super::layout::Style;
use super::*;

/// A replacement of bytes `at` by `text`.
pub(super) struct Splice {
    pub(super) at: std::ops::Range<usize>,
    pub(super) text: String,
}

pub(super) enum ItemKind {
    Attribute,
    Block,
}

/// The blanks that start the line holding `pos`.
pub(super) fn line_indent(text: &str, pos: usize) -> String {
    let start = line_start(text, pos);
    text[start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

/// The start of the line holding `pos`: the first line starts after a
/// byte order mark, which stays the file's first bytes whatever an edit
/// adds or removes at the start of that line.
pub(super) fn line_start(text: &str, pos: usize) -> usize {
    text.get(..pos)
        .and_then(|t| t.rfind('\n'))
        .map_or(bom(text).min(pos), |i| i + 1)
}

/// The length of the byte order mark that starts `text` (0 if none).
fn bom(text: &str) -> usize {
    if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    }
}

/// The offset after the newline that ends the line holding `pos` (the
/// text's end on its last line).
pub(super) fn line_end(text: &str, pos: usize) -> usize {
    text.get(pos..)
        .and_then(|t| t.find('\n'))
        .map_or(text.len(), |i| pos + i + 1)
}

/// The indentation of a new item of `body` (at `path`): that of the
/// body's last item when it starts its own line, so that the new line
/// matches its neighbours (tabs or spaces) and lines up with them; the
/// formatter's two spaces per block otherwise.
pub(super) fn item_indent(text: &str, body: BodyNode<'_>, path: &BlockPath) -> String {
    let last = body.items().last().map(|i| match i {
        BodyItem::Attribute(a) => byte(a.range().start.byte),
        BodyItem::Block(b) => byte(b.range().start.byte),
    });
    match last {
        Some(at)
            if text[line_start(text, at)..at]
                .trim_matches([' ', '\t'])
                .is_empty() =>
        {
            line_indent(text, at)
        }
        _ => "  ".repeat(path.steps().len()),
    }
}

/// The offsets of the `{` and `}` of the block at `path` (`None` for the
/// root).
pub(super) fn braces(file: &File, path: &BlockPath) -> Option<(usize, usize)> {
    let b = find_block(file, path)?;
    Some((
        byte(b.open_brace_range().start.byte),
        byte(b.close_brace_range().start.byte),
    ))
}

/// Where a new item goes in `body` (at `path`, whose braces are at
/// `braces`): an attribute after the last attribute, a block at the end;
/// `line` is the item's lines, laid out (see [`super::layout`]); the
/// breaks added around it end as the file's lines do (`style`).
pub(super) fn insert_item(
    text: &str,
    body: BodyNode<'_>,
    braces: Option<(usize, usize)>,
    path: &BlockPath,
    line: String,
    kind: ItemKind,
    style: Style,
) -> Splice {
    let nl = style.newline;
    let last_attr = body.attributes().last().map(|a| byte(a.range().end.byte));
    let items_end = body.items().last().map(|i| match i {
        BodyItem::Attribute(a) => byte(a.range().end.byte),
        BodyItem::Block(b) => byte(b.range().end.byte),
    });
    let (after, blank) = match kind {
        ItemKind::Attribute => (last_attr, false),
        ItemKind::Block => (items_end, items_end.is_some()),
    };
    let mut line = line;
    if blank {
        line.insert_str(0, nl);
    }
    if let Some((open, close)) = braces {
        if items_end.is_some() {
            if let Some(splice) = open_up(text, (open, close), path, &line, style) {
                return splice;
            }
        }
    }
    if let Some(end) = after {
        let at = line_end(text, end.saturating_sub(1));
        let mut line = line;
        if at == text.len() && !text.ends_with('\n') {
            line.insert_str(0, nl);
        }
        return Splice {
            at: at..at,
            text: line,
        };
    }
    // An empty body: the root, or a block's braces.
    if path.steps().is_empty() {
        let at = bom(text);
        if !text[at..].trim().is_empty() && matches!(kind, ItemKind::Block) {
            line.push_str(nl);
        }
        return Splice {
            at: at..at,
            text: line,
        };
    }
    let r = body.range();
    let (open, close) = (byte(r.start.byte), byte(r.end.byte).saturating_sub(1));
    // `b {}` on one line (a comment between the braces kept): open it up.
    if let Some(splice) = open_up(text, (open, close), path, &line, style) {
        return splice;
    }
    let at = line_end(text, open);
    let line = line.strip_prefix(nl).unwrap_or(&line).to_owned();
    Splice {
        at: at..at,
        text: line,
    }
}

/// A body whose `}` shares a line with its content (`b { a = 1 }`,
/// braces at `open` and `close`) opened up: its content on lines of its
/// own, then `line` (laid out, its leading break dropped), then the `}`
/// on a line of its own. `None` when the `}` is alone on its line already.
pub(super) fn open_up(
    text: &str,
    (open, close): (usize, usize),
    path: &BlockPath,
    line: &str,
    style: Style,
) -> Option<Splice> {
    let close_line = text.get(line_start(text, close)..close)?;
    if close_line.trim_matches([' ', '\t']).is_empty() {
        return None;
    }
    let nl = style.newline;
    let outer = "  ".repeat(path.steps().len().saturating_sub(1));
    let inner = text.get(open + 1..close)?.trim();
    let line = line.strip_prefix(nl).unwrap_or(line);
    let mut out = format!("{{{nl}");
    if !inner.is_empty() {
        out.push_str(&format!("{outer}  {inner}{nl}"));
    }
    out.push_str(line);
    out.push_str(&outer);
    out.push('}');
    Some(Splice {
        at: open..close + 1,
        text: out,
    })
}

/// Where the first non-blank character of line `line` (from 0) of
/// `text` is.
pub(super) fn first_token_of_line(text: &str, line: usize) -> Option<usize> {
    let start = if line == 0 {
        0
    } else {
        text.match_indices('\n').nth(line - 1)?.0 + 1
    };
    let rest = text.get(start..)?;
    Some(start + (rest.len() - rest.trim_start_matches([' ', '\t']).len()))
}

pub(super) fn byte(b: u32) -> usize {
    b as usize
}
