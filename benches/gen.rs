//! Generates the large benchmark input: Terraform-like configuration with
//! the constructs real files use (blocks with labels, nested blocks,
//! strings, templates, references, function calls, collections, heredocs,
//! conditionals and for expressions). Deterministic.

#![allow(dead_code)]

use std::fmt::Write;

/// The size of the large input, in bytes (about 10 MB).
pub const LARGE_SIZE: usize = 10 * 1024 * 1024;

/// The text an example's input argument names: a file's path, or
/// `gen:SIZE` for [`generate`]d text of SIZE bytes (without a number,
/// [`LARGE_SIZE`]). Exits with the error when the file cannot be read.
pub fn input_text(input: &str) -> String {
    match input.strip_prefix("gen:") {
        Some(size) => generate(size.parse().unwrap_or(LARGE_SIZE)),
        None => std::fs::read_to_string(input).unwrap_or_else(|e| {
            eprintln!("{input}: {e}");
            std::process::exit(1)
        }),
    }
}

/// Configuration text of at least `target` bytes.
pub fn generate(target: usize) -> String {
    let mut out = String::with_capacity(target + 4096);
    let mut i = 0usize;
    while out.len() < target {
        let _ = write!(
            out,
            r#"# Instance {i}: generated for the parse benchmark.
resource "aws_instance" "web_{i}" {{
  ami           = "ami-0c55b159cbfafe1f0"
  instance_type = var.instance_types[{m}]
  count         = var.enabled ? 2 : 0
  subnet_id     = aws_subnet.private[count.index % 3].id
  tags = {{
    Name        = "web-${{var.env}}-{i}"
    Environment = var.env
    Owner       = "platform-team"
  }}

  vpc_security_group_ids = [aws_security_group.web.id, aws_security_group.ssh.id]
  user_data              = <<-EOT
    #!/bin/bash
    echo "hello ${{var.name}}" > /tmp/hello
    systemctl start nginx
  EOT

  root_block_device {{
    volume_size = 20 + {m} * 10
    volume_type = "gp3"
    encrypted   = true
  }}

  lifecycle {{
    ignore_changes = [tags["LastModified"], ami]
  }}
}}

locals {{
  names_{i}   = [for s in var.subnets : upper(s.name) if s.public]
  by_zone_{i} = {{ for k, v in var.zones : k => v.cidr... }}
  ids_{i}     = aws_instance.web_{i}[*].id
  first_{i}   = try(element(local.names_{i}, 0), null)
  label_{i}   = "%{{ if var.env == "prod" }}production%{{ else }}staging%{{ endif }}"
}}

"#,
            m = i % 4
        );
        i += 1;
    }
    out
}
