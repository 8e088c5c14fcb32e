//! static_analysis
