//! No-panic fuzzing of static analysis: every expression node of a native
//! file, through its `Expression` handle, is asked each static question
//! (single reference, list, map, call, keyword) and its variables; every
//! range answered lies inside the text, and every traversal's length is
//! its number of steps.

#![no_main]

use hcl_core::native::{parse_config, BodyNode, ExprNode};
use hcl_core::static_analysis::{
    abs_traversal_for_expr, expr_as_keyword, expr_call, expr_list, expr_map,
};
use hcl_core::traversal::Traversal;
use hcl_core::{Limits, Range, SourceFile};
use libfuzzer_sys::fuzz_target;

fn check_range(r: &Range, len: u32) {
    assert!(r.start.byte <= r.end.byte && r.end.byte <= len, "{r:?}");
}

fn check_traversal(t: &Traversal, len: u32) {
    assert_eq!(t.len(), t.steps().len(), "{t}");
    for s in t.steps().iter() {
        check_range(&s.range(), len);
    }
}

fn each_node<'a>(e: ExprNode<'a>, depth: usize, f: &mut dyn FnMut(ExprNode<'a>)) {
    f(e);
    if depth < 64 {
        for c in e.children() {
            each_node(c, depth + 1, f);
        }
    }
}

fn each_body<'a>(b: BodyNode<'a>, depth: usize, f: &mut dyn FnMut(ExprNode<'a>)) {
    for a in b.attributes() {
        each_node(a.expr(), 0, f);
    }
    if depth < 64 {
        for block in b.blocks() {
            each_body(block.body(), depth + 1, f);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let src = SourceFile::new("fuzz.hcl", text);
    let len = text.len() as u32;
    let (file, _) = parse_config(&src, &Limits::default());
    each_body(file.body(), 0, &mut |node| {
        let e = node.to_expression();
        check_range(&e.range(), len);
        for t in e.variables() {
            check_traversal(&t, len);
        }
        e.each_variable(|t| {
            check_range(&t.root_range(), len);
            check_range(&t.range(), len);
            assert!(!t.root_name().is_empty());
        });
        if let Ok(t) = abs_traversal_for_expr(&e) {
            check_traversal(&t, len);
        }
        if let Ok(items) = expr_list(&e) {
            for i in &items {
                check_range(&i.range(), len);
            }
        }
        if let Ok(pairs) = expr_map(&e) {
            for (k, v) in &pairs {
                check_range(&k.range(), len);
                check_range(&v.range(), len);
                let _ = expr_as_keyword(k);
            }
        }
        if let Ok(c) = expr_call(&e) {
            for r in [c.name_range(), c.args_range(), c.range()] {
                check_range(&r, len);
            }
            assert!(!c.name().is_empty());
            for arg in c.args() {
                check_range(&arg.range(), len);
            }
        }
        let _ = expr_as_keyword(&e);
    });
});
