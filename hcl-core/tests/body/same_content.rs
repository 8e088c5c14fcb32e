//! same_content
