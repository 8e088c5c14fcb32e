//! Lexer unit tests.
