//! Byte-identical to hashicorp's formatter (`hclfmt` v2.14.1, built by
//! `../shared/tools/reference-hclfmt.sh`): on the corpus and its stripped
//! copies, and on generated files.
//!
//! The reference runs once per test, over copies of every input in a
//! scratch folder, rewriting them in place (`-w`); each result is then
//! compared with ours.

use std::path::{Path, PathBuf};
use std::process::Command;

use hcl_core::format::format;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;

use super::corpus::{files, stripped};
use super::idempotent::file;

/// How many inputs, in each group of `inputs`, format as the reference
/// formats them; `None` (after saying why) when the reference cannot run
/// here. Panics listing every input that differs.
fn same_as_reference(inputs: &[Vec<(String, String)>]) -> Option<Vec<usize>> {
    let script = hcl_test_shared::shared_tool("reference-hclfmt.sh")?;
    let dir = std::env::temp_dir().join(format!(
        "hcl-format-reference-{}-{}",
        std::process::id(),
        inputs.iter().map(Vec::len).sum::<usize>()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut paths = Vec::new();
    for (i, (_, text)) in inputs.iter().flatten().enumerate() {
        let path = dir.join(format!("{i}.tf"));
        std::fs::write(&path, text).unwrap();
        paths.push(path);
    }
    let ran = run_reference(&script, &dir, &paths);
    let wants: Vec<String> = match ran {
        true => paths
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect(),
        false => Vec::new(),
    };
    let _ = std::fs::remove_dir_all(&dir);
    if !ran {
        return None;
    }
    let mut wants = wants.into_iter();
    let mut failures = Vec::new();
    let mut same = Vec::new();
    for group in inputs {
        let mut n = 0;
        for ((name, text), want) in group.iter().zip(wants.by_ref()) {
            match format(text) {
                Ok(got) if got == want => n += 1,
                Ok(got) => failures.push(format!("{name}: {}", first_difference(&got, &want))),
                Err(diags) => failures.push(format!("{name}: refused: {diags}")),
            }
        }
        same.push(n);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    Some(same)
}

/// Runs the reference formatter over `paths`, rewriting them; `false`
/// (after saying why) when it cannot run here.
fn run_reference(script: &Path, dir: &Path, paths: &[PathBuf]) -> bool {
    let out = Command::new(script)
        .arg("-w")
        .args(paths)
        .current_dir(dir)
        .output();
    let reason = match out {
        Ok(o) if o.status.success() => return true,
        Ok(o) => format!(
            "the reference formatter failed ({}): {}",
            o.status,
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => format!("the reference formatter could not run: {e}"),
    };
    hcl_test_shared::unavailable(&reason);
    false
}

/// Where two texts first differ: the line, ours and the reference's.
fn first_difference(got: &str, want: &str) -> String {
    let (mut g, mut w) = (got.split_inclusive('\n'), want.split_inclusive('\n'));
    let mut line = 1;
    loop {
        match (g.next(), w.next()) {
            (a, b) if a == b && a.is_some() => line += 1,
            (a, b) => return format!("line {line}: ours {a:?}, reference {b:?}"),
        }
    }
}

hcl_test_shared::shared_test!(
    corpus_and_stripped_copies_format_byte_identical_to_the_reference,
    corpus,
    |_| corpus_matches_the_reference()
);

fn corpus_matches_the_reference() {
    let Some(corpus) = files() else {
        return;
    };
    let original = corpus
        .iter()
        .map(|(p, text)| (p.display().to_string(), text.clone()))
        .collect();
    let derived = corpus
        .iter()
        .map(|(p, text)| (format!("{} (stripped)", p.display()), stripped(text)))
        .collect();
    let Some(same) = same_as_reference(&[original, derived]) else {
        return;
    };
    let n = corpus.len();
    eprintln!(
        "byte-identical to the reference: {}/{n} corpus files, {}/{n} stripped copies",
        same[0], same[1]
    );
}

hcl_test_shared::shared_test!(
    generated_files_format_byte_identical_to_the_reference,
    tools,
    |_| generated_files_match_the_reference()
);

fn generated_files_match_the_reference() {
    // The property tests' files, a fixed sample of them.
    let mut runner = TestRunner::deterministic();
    let strategy = file();
    let generated = (0..300)
        .map(|i| {
            let text = strategy.new_tree(&mut runner).unwrap().current();
            (format!("generated file {i}:\n{text}\n"), text)
        })
        .collect();
    if let Some(same) = same_as_reference(&[generated]) {
        eprintln!(
            "byte-identical to the reference: {}/300 generated files",
            same[0]
        );
    }
}

hcl_test_shared::shared_test!(
    literal_columns_are_counted_in_the_reference_s_pieces,
    tools,
    |_| literal_pieces_match_the_reference()
);

/// Alignment after template text whose clusters a lone `$` or `%` cuts:
/// the reference's scanner makes each its own token and counts clusters
/// per token.
fn literal_pieces_match_the_reference() {
    let cases = [
        "a = \"x$\u{301}y\" # c\nbb = 1 # d\n",
        "x = {\n  \"$${\u{301}\" = 1\n  abc = 2\n}\n",
        "x = {\n  \"\u{600}%\" = 1\n  abc = 2\n}\n",
        "x = {\n  \"%\u{301}\" = 1\n  \"$$\u{301}\" = 2\n  abcdef = 3\n}\n",
        "a = <<EOT\nx$\u{301}y\nEOT\nbb = 1\n",
        "a = \"\\\\$\u{301}e\u{301}\" # c\nbb = 1 # d\n",
        // A heredoc's text in a format line (a `#` or an object inside a
        // `${` spans lines): a sigil before CR LF cuts the CR from its LF.
        "x = [ # c\n<<EOT\n$\r\n${a #\n}\nEOT\n]\n",
        "x = [\n<<EOT\n$\r\n${{a = 1\nbb = 2\n}}\nEOT\n]\n",
        "x = [ # c\r\n<<EOT\r\n%\r\n$$\r\nab$\r\n${a #\r\n}\r\nEOT\r\n]\r\n",
    ];
    let inputs = cases
        .iter()
        .map(|c| (format!("{c:?}"), c.to_string()))
        .collect();
    if let Some(same) = same_as_reference(&[inputs]) {
        eprintln!(
            "byte-identical to the reference: {}/{} files",
            same[0],
            cases.len()
        );
    }
}
