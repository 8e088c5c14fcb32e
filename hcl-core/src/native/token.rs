//! Tokens of the native syntax: a one-byte kind and a byte range.
//!
//! The lexer never fails: bad input becomes [`TokenKind::Invalid`],
//! [`TokenKind::BadUtf8`] or [`TokenKind::QuotedNewline`], and the parser
//! decides what to report.

/// What a token is. One byte, so that a [`Token`] stays small.
#[repr(u8)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TokenKind {
    /// An identifier (`ID_Start (ID_Continue | '-')*`, or starting with `_`).
    Ident,
    /// A numeric literal (may still fail to parse as a number).
    Number,
    /// `{`
    OBrace,
    /// `}`
    CBrace,
    /// `[`
    OBrack,
    /// `]`
    CBrack,
    /// `(`
    OParen,
    /// `)`
    CParen,
    /// `.`
    Dot,
    /// `,`
    Comma,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `%`
    Percent,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `=`
    Equal,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `!`
    Bang,
    /// `?`
    Question,
    /// `:`
    Colon,
    /// `==`
    EqEq,
    /// `!=`
    NotEq,
    /// `>=`
    Ge,
    /// `<=`
    Le,
    /// `&&`
    AndAnd,
    /// `||`
    OrOr,
    /// `::`
    DoubleColon,
    /// `...`
    Ellipsis,
    /// `=>`
    FatArrow,
    /// A newline sequence (`\n` or `\r\n`).
    Newline,
    /// A comment; a line comment includes its terminating newline.
    Comment,
    /// `"` opening a quoted template.
    OQuote,
    /// `"` closing a quoted template.
    CQuote,
    /// `<<EOT` or `<<-EOT` and its newline.
    OHeredoc,
    /// The closing marker line of a heredoc (without its newline).
    CHeredoc,
    /// Literal text of a quoted template (escapes still encoded).
    QuotedLit,
    /// Literal text of a heredoc (one line at most) or bare template.
    StringLit,
    /// `${` or `${~`
    TemplateInterp,
    /// `%{` or `%{~`
    TemplateControl,
    /// `}` or `~}` closing a template sequence.
    TemplateSeqEnd,
    /// A newline inside a quoted template.
    QuotedNewline,
    /// `&` (not an operator of the language)
    Amp,
    /// `|` (not an operator of the language)
    Pipe,
    /// `^` (not an operator of the language)
    Caret,
    /// `~` outside a template sequence end
    Tilde,
    /// `;`
    Semicolon,
    /// `` ` ``
    Backtick,
    /// `'`
    Apostrophe,
    /// A character that the language does not use (or an unterminated
    /// block comment).
    Invalid,
    /// Bytes that were not valid UTF-8 in the original input.
    BadUtf8,
    /// The end of the input (empty span).
    Eof,
}

/// One token: its kind and its byte range `start..end` in the source.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset just past the last byte.
    pub end: u32,
}

impl Token {
    /// The length in bytes.
    pub fn len(&self) -> u32 {
        self.end - self.start
    }
}
