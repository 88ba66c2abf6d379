# fish completion for aivm-advise
# Installed to share/fish/vendor_completions.d/aivm-advise.fish (`aivm-advise
# completion fish` prints this file). Options follow each command's --help;
# tests/completions checks that every option there is offered here. Size, model,
# region and GPU names and rule ids come from the binary at completion time
# (`catalog list --format names`, `models list --format names`, `rules list --format
# names`, `__complete regions|gpus`); a binary without those commands gives no names,
# silently.

# __aivm_advise_key: the command ("recommend" when the first argument is an option)
# and, for prices/catalog/models/rules, its subcommand: "catalog list".
function __aivm_advise_key
    set -l toks (commandline -opc)
    set -l cmd recommend
    if set -q toks[2]; and not string match -q -- '-*' $toks[2]
        set cmd $toks[2]
    end
    if contains -- $cmd prices catalog models rules; and set -q toks[3]
        echo "$cmd $toks[3]"
    else
        echo $cmd
    end
end

# __aivm_advise_is KEY...: true when the command line is at one of these keys.
function __aivm_advise_is
    contains -- (__aivm_advise_key) $argv
end

# __aivm_advise_needs_sub CMD: CMD was given and its subcommand is to come.
function __aivm_advise_needs_sub
    set -l toks (commandline -opc)
    test (count $toks) -eq 2; and test "$toks[2]" = $argv[1]
end

function __aivm_advise_no_cmd
    test (count (commandline -opc)) -eq 1
end

# __aivm_advise_names WHAT: the names `aivm-advise WHAT list --format names` prints.
function __aivm_advise_names
    set -l bin (commandline -opc)[1]
    command -q -- $bin; or set bin aivm-advise
    command -q -- $bin; or return 0
    command $bin $argv[1] list --format names 2>/dev/null; or return 0
end

# __aivm_advise_complete WHAT: the names `aivm-advise __complete WHAT` prints.
function __aivm_advise_complete
    set -l bin (commandline -opc)[1]
    command -q -- $bin; or set bin aivm-advise
    command -q -- $bin; or return 0
    command $bin __complete $argv[1] 2>/dev/null; or return 0
end

set -l c complete -c aivm-advise

# No file names unless an option or argument takes a file (-F below).
$c -f

# Commands.
$c -f -n __aivm_advise_no_cmd -a recommend -d 'rank VM sizes for an AI workload (default)'
$c -f -n __aivm_advise_no_cmd -a check -d 'judge the VMs of a plan or template (CI gate)'
$c -f -n __aivm_advise_no_cmd -a prices -d 'fetch and show live prices'
$c -f -n __aivm_advise_no_cmd -a catalog -d 'browse the VM size catalog'
$c -f -n __aivm_advise_no_cmd -a models -d 'browse the model presets'
$c -f -n __aivm_advise_no_cmd -a rules -d 'browse the rules'
$c -f -n __aivm_advise_no_cmd -a completion -d 'print the bash, zsh or fish completion script'
$c -f -n __aivm_advise_no_cmd -a help -d "this list, or a command's options"
$c -f -n __aivm_advise_no_cmd -a version -d 'the tool, catalog and library versions'
$c -f -n '__aivm_advise_is help' -a 'recommend check prices catalog models rules completion help version'
$c -f -n '__aivm_advise_needs_sub completion' -a 'bash zsh fish'
$c -f -n '__aivm_advise_needs_sub prices' -a 'fetch show'
$c -f -n '__aivm_advise_needs_sub catalog' -a 'list show compare validate refresh diff'
$c -f -n '__aivm_advise_needs_sub models' -a 'list show'
$c -f -n '__aivm_advise_needs_sub rules' -a 'list show'

set -l rec '__aivm_advise_is recommend'
set -l chk '__aivm_advise_is check'
set -l rc '__aivm_advise_is recommend check'
set -l prc '__aivm_advise_is "prices fetch" "prices show"'
set -l pr '__aivm_advise_is recommend check "prices fetch" "prices show"'
set -l fetch '__aivm_advise_is recommend check "prices fetch" "prices show" "catalog refresh"'
set -l all '__aivm_advise_is completion recommend check "prices fetch" "prices show" "catalog list" "catalog show" "catalog compare" "catalog validate" "catalog refresh" "catalog diff" "models list" "models show" "rules list" "rules show"'
set -l cat '__aivm_advise_is "catalog list" "catalog show" "catalog compare" "catalog validate"'
set -l browse '__aivm_advise_is "catalog show" "catalog compare" "catalog validate" "catalog diff" "models list" "models show" "rules list" "rules show"'

# Common options.
$c -n $all -s q -l quiet -d 'no warnings on stderr'
$c -n $all -s v -l verbose -d 'say which config, catalog, rules, models and prices were used'
$c -n $all -s h -l help -d 'show help and exit'
$c -n $all -s V -l version -d 'show versions and exit'
$c -n $all -r -F -l config -d 'project config (default .aivm-advise.yaml found upwards)'
$c -n $all -l no-config -d 'ignore any .aivm-advise.yaml'

# recommend and check: the workload.
$c -n $rc -x -l phase -a 'train inference' -d 'AI phase of the workload'
$c -n $rc -x -l kind -a 'generative non-generative' -d 'kind of AI workload'
$c -n $rc -x -l model-size -a 'small complex' -d 'model complexity'
$c -n $rc -x -l os -a 'linux windows' -d 'operating system'
$c -n $rc -r -F -l workload -d 'workload file (YAML/JSON)'
$c -n $rc -r -F -l rules -d 'add or override rules by id'
$c -n $rc -x -l color -a 'auto always never' -d 'colour the output'
$c -n $rc -x -l date -d 'judge lifecycle as of YYYY-MM-DD'
$c -n $rec -x -s f -l format -a 'table json yaml markdown csv html' -d 'output format'
$c -n $chk -x -s f -l format -a 'text json sarif junit github markdown html' -d 'output format'
$c -n $prc -x -s f -l format -a 'table json csv' -d 'show: output format'
$c -n $rec -x -l region -a '(__aivm_advise_complete regions)' -d 'Azure region (default eastus)'
$c -n $rec -x -l top -d 'show the N best sizes'
$c -n $rec -l include-retired -d 'also rank retired sizes'
$c -n $rec -x -l nodes -d 'VMs the job spans'
$c -n $rec -x -l scheduler -a 'slurm gridengine pbs none' -d 'scheduler you run'
$c -n $rec -l managed -d 'built-in scheduling with nothing to install'
$c -n $rec -l containers -d 'the workload runs in containers'
$c -n $rec -l spot -d 'ask for spot capacity'
$c -n $rec -l checkpointing -d 'the job checkpoints and can resume'
$c -n $rec -l explain -d 'every rule per size and the rejected sizes'
$c -n $rec -x -l emit -a 'terraform arm az' -d 'write the deployment of a recommendation'
$c -n $rec -x -l pick -d 'with --emit: deploy recommendation N'
$c -n $rec -r -F -s o -l output -d 'write to FILE instead of standard output'
$c -n $chk -x -l input -a 'terraform arm plan' -d 'input format'
$c -n $chk -l require-live-prices -d 'live: exit 4 when a live price cannot be had'
$c -n $chk -r -F -l waivers -d 'waivers file'
$c -n $chk -x -a '(__fish_complete_directories)' -l source -d 'find the .tf lines of findings in DIR'
$c -n $rc -r -F -l quota -d 'vCPU quota snapshot (az vm list-usage -o json), [REGION=]FILE'
$c -n $rc -r -F -l skus -d 'SKU snapshot (az vm list-skus -o json)'
$c -n $rec -x -l regions -a 'us europe asia all' -d 'best region per size among R1,R2,... or a group'
$c -n $chk -r -s o -l output -d 'also write the report in FORMAT to FILE (FORMAT=FILE)'
$c -n $chk -x -l fail-on -a 'error warning note never' -d 'exit 1 at or above this'
$c -n $chk -r -F -l base -d "the base branch's plan: new, unchanged, fixed, cost change"
$c -n $chk -l fail-on-new -d 'with --base: exit 1 only for new findings'
$c -n $chk -F -d 'plan, template or plan file'

# Sizing.
$c -n $rc -x -l params -d 'model parameters: 350M, 7B, 1.5T'
$c -n $rc -x -l active-params -d 'mixture of experts: parameters one token uses'
$c -n $rc -x -l model -a '(__aivm_advise_names models)' -d 'model preset'
$c -n $rc -x -l layers -d 'transformer layers'
$c -n $rc -x -l hidden -d 'hidden size'
$c -n $rc -x -l heads -d 'attention heads'
$c -n $rc -x -l kv-heads -d 'KV heads (GQA)'
$c -n $rc -x -l precision -a 'fp32 bf16 fp16 fp8 int8 int4 fp4 16-bit' -d 'weight precision'
$c -n $rc -x -l kv-precision -a 'fp32 bf16 fp16 fp8 int8 int4 16-bit' -d 'KV cache precision'
$c -n $rc -x -l context -d 'sequence length'
$c -n $rc -x -l batch -d 'training micro-batch per GPU'
$c -n $rc -x -l concurrency -d 'inference sequences in flight'
$c -n $rc -x -l finetune -a 'full lora qlora' -d 'training mode'
$c -n $rc -x -l optimizer -a 'adamw adamw-8bit sgd' -d 'optimizer'
$c -n $rc -x -l sharding -a 'none zero1 zero2 zero3' -d 'training state split across GPUs'
$c -n $rc -l activation-checkpointing -d 'recompute activations in the backward pass'
$c -n $rc -x -l max-nodes -d 'most VMs per deployment'
$c -n $rc -x -l gpus -d 'pin the number of GPUs'
$c -n $rc -x -l tokens -d 'training tokens: 20B, 2T'
$c -n $rc -x -l epochs -d 'passes over --dataset-tokens'
$c -n $rc -x -l dataset-tokens -d 'tokens in the dataset'
$c -n $rc -x -l mfu -d 'training model-FLOPs utilisation (default 0.40)'
$c -n $rc -x -l tokens-per-second -d 'output tokens/s the service must sustain'
$c -n $rc -x -l requests-per-second -d 'non-generative serving: sequences of --prompt-tokens per second'
$c -n $rc -x -l samples -d 'training samples: 1.2M, 115M (images x epochs)'
$c -n $rc -x -l prompt-tokens -d 'prompt tokens per request (default 1024)'
$c -n $rc -x -l output-tokens -d 'output tokens per request (default 256)'
$c -n $rc -x -l max-days -d 'training: scale out to finish within D days (default 30; 0 = no limit)'
$c -n $rc -x -l max-ttft-ms -d 'serving: time to first token limit, ms (caps the batch)'
$c -n $rc -x -l max-tpot-ms -d 'serving: time per output token limit, ms (caps the batch)'

# Prices.
$c -n $rc -x -l prices -a 'off catalog cached live' -d 'where prices come from'
$c -n $rc -l allow-partial -d 'live: show what could be priced'
$c -n $rec -x -l pricing -a 'on-demand spot reserved-1y reserved-3y savings-plan-1y savings-plan-3y' -d 'pricing model'
$c -n $rec -x -l sort -a 'score price price-per-gpu price-per-gpu-memory job-cost time cost-per-token latency' -d 'ranking order'
$c -n $rec -x -l max-price-per-hour -d 'reject sizes costing more per hour'
$c -n $fetch -x -l currency -a 'USD AUD BRL CAD CHF CNY DKK EUR GBP INR JPY KRW NOK NZD RUB SEK TWD' -d 'price currency'
$c -n $fetch -x -l prices-url -d 'Retail Prices API base URL'
$c -n $fetch -x -l cache-dir -a '(__fish_complete_directories)' -d 'price cache directory'
$c -n $fetch -x -l cache-ttl -d 'reuse cached prices younger than this'
$c -n $fetch -l refresh -d 'ignore cached prices, fetch again'
$c -n $fetch -x -l timeout -d 'per-request timeout (seconds)'
$c -n $fetch -x -l retries -d 'retries of a failed request'
$c -n $fetch -x -l retry-delay -d 'first retry backoff (seconds)'
$c -n $prc -x -l region -a '(__aivm_advise_complete regions)' -d 'Azure region'
$c -n $prc -x -l regions -a 'us europe asia all' -d 'fetch: several regions, R1,R2,... or a group'
$c -n $prc -x -l sku -a '(__aivm_advise_names catalog)' -d 'VM size'
$c -n $prc -l cached -d 'show: use the cache only'
$c -n '__aivm_advise_is recommend check "prices fetch" "prices show" "catalog list" "catalog show" "catalog compare" "catalog validate" "catalog diff"' -r -F -l catalog -d 'catalog file'

# Browsing: catalog, models, rules.
$c -n '__aivm_advise_is "catalog list"' -x -s f -l format -a 'table json names' -d 'output format'
$c -n '__aivm_advise_is "models list"' -x -s f -l format -a 'table json names' -d 'output format'
$c -n $browse -x -s f -l format -a 'table json names' -d 'output format'
$c -n '__aivm_advise_is "catalog list" "catalog show" "catalog compare" "catalog diff" "catalog refresh"' -x -l date -d 'judge lifecycle as of this date (YYYY-MM-DD)'
$c -n '__aivm_advise_is "catalog refresh"' -r -F -l skus -d 'az vm list-skus -o json snapshot'
$c -n '__aivm_advise_is "catalog refresh"' -x -l regions -a 'us europe asia all' -d 'cached price lists of these regions'
$c -n '__aivm_advise_is "catalog refresh"' -x -l prices -a 'cached live' -d 'read the price lists from the cache or fetch them'
$c -n '__aivm_advise_is "catalog refresh"' -l reset -d 'remove the overlay'
$c -n '__aivm_advise_is "catalog list"' -x -l family -d 'size family, e.g. ND'
$c -n '__aivm_advise_is "catalog list"' -x -l category -a 'gpu cpu cpu-general-purpose cpu-compute-optimized cpu-memory-optimized' -d 'size category'
$c -n '__aivm_advise_is "catalog list"' -x -l gpu -a '(__aivm_advise_complete gpus)' -d 'GPU model, e.g. H100'
$c -n '__aivm_advise_is "catalog list"' -x -l min-gpu-memory -d 'least GPU memory (GB)'
$c -n '__aivm_advise_is "catalog list"' -l infiniband -d 'InfiniBand sizes only'
$c -n '__aivm_advise_is "catalog list"' -x -l region -a '(__aivm_advise_complete regions)' -d 'sizes offered in this region'
$c -n '__aivm_advise_is "catalog list"' -l include-retired -d 'also list retired sizes'
$c -n '__aivm_advise_is "catalog show" "catalog compare"' -f -a '(__aivm_advise_names catalog)'
$c -n '__aivm_advise_is "catalog validate"' -F
$c -n '__aivm_advise_is "models show"' -f -a '(__aivm_advise_names models)'
$c -n '__aivm_advise_is "rules show"' -f -a '(__aivm_advise_names rules)'
$c -n '__aivm_advise_is "rules list" "rules show"' -r -F -l rules -d 'rules file'
