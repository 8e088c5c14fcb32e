//! `#[hcl(crate = "path")]`: the derive reaches hcl_serde through a path the
//! user names, as a facade crate that re-exports it needs.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use hcl_core::{Body, Value};

/// The stand-in facade: hcl_serde under another name.
mod reexport {
    pub use hcl_serde as s;
}

use reexport::s::{Decode, HclDecode};

#[derive(HclDecode, Debug, PartialEq)]
#[hcl(crate = "reexport::s")]
struct Listener {
    #[hcl(label)]
    name: String,
    port: u16,
}

#[derive(HclDecode, Debug)]
#[hcl(crate = "reexport::s", rename_all = "kebab-case")]
struct Server {
    host_name: String,
    tags: Option<Vec<String>>,
    #[hcl(block)]
    listener: Vec<Listener>,
}

#[test]
fn crate_path_reaches_every_generated_item_through_a_reexport() {
    let s: Server = reexport::s::from_str(
        r#"
host-name = "edge"
listener "http" { port = 80 }
listener "https" { port = "443" }
"#,
    )
    .unwrap();
    assert_eq!(s.host_name, "edge");
    assert_eq!(s.tags, None);
    assert_eq!(
        s.listener,
        [
            Listener {
                name: "http".into(),
                port: 80
            },
            Listener {
                name: "https".into(),
                port: 443
            }
        ]
    );
    assert_eq!(Listener::LABELS, ["name"]);
    let schema = Server::body_schema();
    assert_eq!(schema.attributes[0].name, "host-name");
    assert_eq!(schema.blocks[0].label_names, ["name"]);
}

/// The generic path (bounds on field types, the uncached schema) and the
/// remain field use the crate path too.
#[derive(HclDecode, Debug)]
#[hcl(crate = "reexport::s")]
struct Wrapper<T, B> {
    value: T,
    #[hcl(block)]
    inner: BTreeMap<String, B>,
    dynamic: Value,
    #[hcl(remain)]
    rest: Body,
}

#[derive(HclDecode, Debug, PartialEq)]
#[hcl(crate = "reexport::s")]
struct Inner {
    size: u32,
}

#[test]
fn crate_path_covers_generic_bounds_and_remain() {
    let w: Wrapper<u8, Inner> =
        reexport::s::from_str("value = 7\ndynamic = true\ninner \"a\" { size = 3 }\nextra = 1\n")
            .unwrap();
    assert_eq!(w.value, 7);
    assert_eq!(w.dynamic, Value::from(true));
    assert_eq!(w.inner["a"], Inner { size: 3 });
    let leftover: BTreeMap<String, u8> = reexport::s::from_body(&w.rest, None).unwrap();
    assert_eq!(leftover["extra"], 1);
}
