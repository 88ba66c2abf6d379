#!/usr/bin/env bash
# nested_modules.sh BINARY - check --source finds resource blocks in nested local
# modules from a real shell: a repository whose plan sits in envs/prod, modules
# reached through "../../modules/..." and "./child" sources, module instances
# (count, for_each), a directory name with a space, and --source given as a comma
# list. Each finding must land on the size attribute's line in the right file.
set -eu
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
repo="$tmp/my repo"
mkdir -p "$repo/envs/prod" "$repo/modules/cluster/child/grandchild"
cat > "$repo/envs/prod/main.tf" <<'EOF'
module "cluster" {
  source = "../../modules/cluster"
  count  = 2
}
EOF
cat > "$repo/modules/cluster/main.tf" <<'EOF'
# the cluster module
module "child" {
  source   = "./child"
  for_each = toset(["x", "y"])
}
EOF
cat > "$repo/modules/cluster/child/child.tf" <<'EOF'
module "grandchild" { source = "./grandchild" }
EOF
cat > "$repo/modules/cluster/child/grandchild/vm.tf" <<'EOF'
/* a GPU VM, three modules down */
resource "azurerm_linux_virtual_machine" "gpu" {
  name = "gpu"

  size = "Standard_NC40ads_H100_v9"
}
EOF
addr='module.cluster[1].module.child[\"y\"].module.grandchild.azurerm_linux_virtual_machine.gpu'
cat > "$repo/envs/prod/plan.json" <<EOF
{"format_version":"1.2","resource_changes":[{"address":"$addr","mode":"managed",
"type":"azurerm_linux_virtual_machine","name":"gpu","change":{"actions":["create"],
"after":{"name":"gpu","location":"eastus","size":"Standard_NC40ads_H100_v9"}}}]}
EOF
cd "$repo"
status=0
"$bin" check -q --date 2026-11-29 --format github --source envs/prod,. envs/prod/plan.json \
  >"$tmp/out" 2>"$tmp/err" || status=$?
if [ "$status" != 0 ] || [ -s "$tmp/err" ]; then
  echo "FAIL: exit $status"; cat "$tmp/err"; exit 1
fi
want='::warning file=modules/cluster/child/grandchild/vm.tf,line=5,col=3,title=AIVM001 Unknown VM size::'
if ! grep -qF "$want" "$tmp/out"; then
  echo "FAIL: no AIVM001 on the size line of the grandchild module"; cat "$tmp/out"; exit 1
fi
# Without the repository root the modules lie outside the given directory: the
# finding keeps the plan position and names the resource.
(cd envs/prod && "$bin" check --date 2026-11-29 --format github --source . plan.json) \
  >"$tmp/out2" 2>&1 || true
if ! grep -q '^::warning file=plan.json,line=[0-9]*,col=[0-9]*,title=AIVM001 Unknown VM size::module.cluster\[1\]' "$tmp/out2"; then
  echo "FAIL: a module outside --source was followed"; cat "$tmp/out2"; exit 1
fi
# An unreadable --source is one line and exit 3.
status=0
"$bin" check --date 2026-11-29 --source "no such dir" envs/prod/plan.json >"$tmp/out3" 2>"$tmp/err3" \
  || status=$?
if [ "$status" != 3 ] || [ "$(wc -l < "$tmp/err3")" != 1 ] || [ -s "$tmp/out3" ]; then
  echo "FAIL: unreadable --source: exit $status"; cat "$tmp/err3"; exit 1
fi
echo "ok: --source finds blocks in nested modules"
