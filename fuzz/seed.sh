#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the shared corpus, the hcldec spec suite
# and a few hand-written inputs. The corpora are not committed (see
# .gitignore); run this once before fuzzing:  fuzz/seed.sh [shared-dir]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
shared=${1:-$here/../../shared}
out=$here/corpus
mkdir -p "$out"/{native_parse,json_parse,eval,decode_value,hcldec,typeck,roundtrip,serde_decode,serde_plain,decode_paths,format,static_analysis}

# Native files (small ones: libFuzzer mutates better around short inputs).
n=0
while IFS= read -r -d '' f; do
  [ "$(stat -c %s "$f")" -le 8192 ] || continue
  n=$((n + 1))
  for t in native_parse typeck roundtrip format static_analysis; do cp "$f" "$out/$t/native-$n"; done
  { printf '\0'; cat "$f"; } > "$out/decode_value/native-$n"
done < <(find "$shared/corpus" "$shared/specsuite" -type f \( -name '*.tf' -o -name '*.hcl' -o -name '*.tfvars' \) -print0)

# JSON files: the spec suite's, plus the hand-written ones below.
n=0
while IFS= read -r -d '' f; do
  n=$((n + 1))
  cp "$f" "$out/json_parse/json-$n"
  { printf '\1'; cat "$f"; } > "$out/decode_value/json-$n"
done < <(find "$shared/specsuite" -type f -name '*.json' -print0)
i=0
for j in '{"a": 1, "b": "x${a}y", "c": [true, null, 1.5e3]}' \
         '{"b": {"name": {"a": "${upper(\"x\")}"}}, "c": [{}, {}]}' \
         '{"//": "comment", "a": {"x": [1, {"y": "%{ for v in [1] }${v}%{ endfor }"}]}}' \
         '[{"a": 1}, {"b": {"l": {}}}]'; do
  i=$((i + 1))
  printf '%s' "$j" > "$out/json_parse/hand-$i"
  { printf '\1'; printf '%s' "$j"; } > "$out/decode_value/json-hand-$i"
done

# Expressions: the right-hand sides of the corpus's one-line attributes,
# and calls of the standard library.
find "$shared/corpus" -type f -name '*.tf' -print0 |
  xargs -0 sed -n 's/^[[:space:]]*[A-Za-z_][A-Za-z0-9_-]*[[:space:]]*=[[:space:]]*\(.\{3,200\}\)$/\1/p' |
  sort -u | head -n 3000 | {
    k=0
    while IFS= read -r line; do k=$((k + 1)); printf '%s' "$line" > "$out/eval/expr-$k"; done
  }
i=0
for e in 'format("%-5s|%05.2f", s, n)' 'jsondecode("{\"a\":[1,2]}")' '[for i, v in l : "${i}=${v}" if i < 2]' \
         '{for k, v in o : upper(k) => v...}' 'pow(2, 10) + max(1, n) % 7' 'range(1, 10, 3)[*]' \
         'try(o.missing, setproduct([1, 2], ["a"]))' 'regex("^(\\w+)-(\\d+)$", "web-12")' \
         '"%{ if n > 1 }many%{ else }one%{ endif }"' 'coalesce(null, u, "x")' 'formatdate("YYYY-MM-DD", "2024-01-02T03:04:05Z")' \
         'cidrsubnet("10.0.0.0/16", 8, 2)' 'tomap({a = 1, b = "x"})' 'flatten([[1], [[2]], []])' 'base64decode(base64encode(s))'; do
  i=$((i + 1))
  printf '%s' "$e" > "$out/eval/hand-$i"
done

# hcldec: each spec of the spec suite with its configuration, NUL-separated.
n=0
while IFS= read -r -d '' spec; do
  cfg=${spec%.hcldec}.hcl
  [ -f "$cfg" ] || cfg=/dev/null
  n=$((n + 1))
  { cat "$spec"; printf '\0'; cat "$cfg"; } > "$out/hcldec/suite-$n"
done < <(find "$shared/specsuite" -type f -name '*.hcldec' -print0)
printf 'object {\n  attr "name" {\n    type = string\n  }\n  block_list "svc" {\n    block_type = "service"\n    attr "port" { type = number }\n  }\n}\n\0name = "x"\nservice {\n  port = 80\n}\n' > "$out/hcldec/hand-1"

# Typed decoding reads the same inputs as decode_value (first byte: syntax).
cp "$out"/decode_value/* "$out/serde_decode/"
cp "$out"/decode_value/* "$out/serde_plain/"
cp "$out"/decode_value/* "$out/decode_paths/"
# Jobs that match decode_paths' schema, so that mutations start from
# bodies the tree path takes.
i=0
for j in 'name = "web"\ncount = 3\nratio = 0.5\ntags = ["a", "b"]\nmeta = { k = "v" }\nport = "80"\ngroup "g" {\n  count = 2\n  task "t" {\n    driver = "docker"\n    args = ["-v"]\n  }\n}\nupdate {\n  max_parallel = 2\n}\nvolume "data" {\n  read_only = true\n}\n' \
         'anything = { list = [1, region], s = "${upper(region)}" }\nenabled = "true"\ngroup "a" {\n}\ngroup "b" {\n  task "x" { driver = "exec" }\n}\n'; do
  i=$((i + 1))
  { printf '\0'; printf "$j"; } > "$out/decode_paths/job-$i"
done

for d in "$out"/*; do echo "$(basename "$d"): $(ls "$d" | wc -l) seeds"; done

