# bash completion for bitdoku: commands, the options each command accepts,
# their values, and files.

# The options of command $1 (solve when none was given: the default).
_bitdoku_options()
{
    local common='--jobs --csv --stats --help --version -j -s -h -V'
    local limits='--max-nodes --timeout -n -t'
    local sized='--box --size --alphabet'
    local drawing='--per-page --paper --answers --candidates --title'
    case $1 in
        target) echo "--engine --order --format --grid --exhaustive $sized $limits $common -e -o -f -g" ;;
        count) echo "--engine --order --limit --unique $sized $limits $common -e -o -l -u" ;;
        rate) echo "--ep-ed $sized $limits $common" ;;
        explain) echo "--format --hint --original --paper --title $sized $limits $common -f" ;;
        check) echo "--max-nodes $sized $common -n" ;;
        generate) echo "--format --count --seed --givens --minimal --symmetry --difficulty
                        --solution --rating --unsolvable --tries $drawing $sized $common -f -c" ;;
        *) echo "--engine --order --format --all --limit --judge --smallest $drawing $sized $limits
                 $common -e -o -f -a -l" ;;
    esac
}

_bitdoku()
{
    local cur prev
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    case $prev in
        -e|--engine) COMPREPLY=($(compgen -W 'dfs dlx' -- "$cur")); return ;;
        -o|--order) COMPREPLY=($(compgen -W 'mrv rows' -- "$cur")); return ;;
        -f|--format) COMPREPLY=($(compgen -W 'auto line grid compact pretty svg html' -- "$cur")); return ;;
        --per-page) COMPREPLY=($(compgen -W '1 2 4 6' -- "$cur")); return ;;
        --paper) COMPREPLY=($(compgen -W 'a4 letter' -- "$cur")); return ;;
        --answers) COMPREPLY=($(compgen -W 'end beside none' -- "$cur")); return ;;
        --title) COMPREPLY=(); return ;;
        --symmetry) COMPREPLY=($(compgen -W 'none rot180 rot90 mirror diagonal random' -- "$cur")); return ;;
        --difficulty) COMPREPLY=($(compgen -W 'easy medium hard fiendish diabolical beyond' -- "$cur")); return ;;
        --original) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --alphabet) COMPREPLY=($(compgen -W 'digits letters hex numbers' -- "$cur")); return ;;
        --judge) COMPREPLY=($(compgen -W 'spoj poj uva989' -- "$cur")); return ;;
        --box|--size) COMPREPLY=(); return ;;
        -l|--limit|-n|--max-nodes|-t|--timeout|-j|--jobs|-c|--count|--seed|--givens|--tries)
            COMPREPLY=(); return ;;
    esac
    case $cur in
        --engine=*) COMPREPLY=($(compgen -W 'dfs dlx' -- "${cur#*=}")); return ;;
        --order=*) COMPREPLY=($(compgen -W 'mrv rows' -- "${cur#*=}")); return ;;
        --format=*) COMPREPLY=($(compgen -W 'auto line grid compact pretty svg html' -- "${cur#*=}")); return ;;
        --per-page=*) COMPREPLY=($(compgen -W '1 2 4 6' -- "${cur#*=}")); return ;;
        --paper=*) COMPREPLY=($(compgen -W 'a4 letter' -- "${cur#*=}")); return ;;
        --answers=*) COMPREPLY=($(compgen -W 'end beside none' -- "${cur#*=}")); return ;;
        --symmetry=*) COMPREPLY=($(compgen -W 'none rot180 rot90 mirror diagonal random' -- "${cur#*=}")); return ;;
        --difficulty=*) COMPREPLY=($(compgen -W 'easy medium hard fiendish diabolical beyond' -- "${cur#*=}")); return ;;
        --original=*) COMPREPLY=($(compgen -f -- "${cur#*=}")); return ;;
        --alphabet=*) COMPREPLY=($(compgen -W 'digits letters hex numbers' -- "${cur#*=}")); return ;;
        --judge=*) COMPREPLY=($(compgen -W 'spoj poj uva989' -- "${cur#*=}")); return ;;
    esac
    local i word command=
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        case $word in
            -e|--engine|-o|--order|-f|--format|-l|--limit|-n|--max-nodes|-t|--timeout|-j|--jobs) ((i++)) ;;
            -c|--count|--seed|--givens|--symmetry|--difficulty|--tries|--original) ((i++)) ;;
            --box|--size|--alphabet|--judge) ((i++)) ;;
            --per-page|--paper|--answers|--title) ((i++)) ;;
            -*) ;;
            *) case $word in
                   solve|target|count|rate|explain|check|generate) command=$word ;;
               esac
               break ;;
        esac
    done
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_bitdoku_options "$command")" -- "$cur"))
    elif [[ -z $command && $i -ge $COMP_CWORD ]]; then
        COMPREPLY=($(compgen -W 'solve target count rate explain check generate' -- "$cur") $(compgen -f -- "$cur"))
    elif [[ $command != generate ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}
complete -o filenames -F _bitdoku bitdoku
