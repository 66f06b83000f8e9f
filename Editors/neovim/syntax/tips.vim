" Syntax highlighting for .tips files (the TextMate grammar in
" Editors/vscode/syntaxes serves editors that read TextMate grammars).
if exists("b:current_syntax")
  finish
endif

syntax keyword tipsDeclaration config enum parameter transient event tip group scenario
syntax keyword tipsItem title message image id action rule maxDisplayCount maxDisplayDuration
syntax keyword tipsItem ignoresDisplayFrequency invalidatedBy displayFrequency sourceLanguage
syntax keyword tipsItem sessionLimit oneAtATime snooze holdout
" A scenario's steps start a line or follow ';' or '{': the same words are names elsewhere.
syntax match tipsStep "\(^\s*\|[;{]\s*\)\@<=\<\(set\|donate\|wait\|show\|appear\|disappear\|invalidate\|reset\|restart\|newSession\|hold\|release\|language\|repeat\|expect\|override\)\>"
syntax keyword tipsStepWord for available pending invalidated shows nothing showAll hideAll hide
syntax keyword tipsModifier ordered firstAvailable keep every renamedFrom
syntax keyword tipsBoolean true false
syntax keyword tipsType Bool Int Double String
syntax match tipsDuration "\<\d[0-9_]*[smhdw]\>"
syntax match tipsNumber "\<\d[0-9_]*\(\.\d[0-9_]*\)\=\>"
syntax match tipsQuery "\.\(donations\|count\|within\|where\|largestSubset\|smallestSubset\)\>"
syntax match tipsOperator "&&\|||\|==\|!=\|<=\|>=\|[<>!+*/-]"
syntax region tipsInterpolation matchgroup=tipsSpecial start="\\(" end=")" contained
syntax match tipsEscape "\\[\"\\nt]\|\\u{\x\+}" contained
syntax region tipsString start=+"+ skip=+\\"+ end=+"\|$+ contains=tipsEscape,tipsInterpolation
syntax keyword tipsTodo TODO FIXME contained
syntax match tipsComment "//.*$" contains=tipsTodo
syntax match tipsDocComment "///\(/\)\@!.*$" contains=tipsTodo
syntax region tipsBlockComment start="/\*" end="\*/" contains=tipsBlockComment,tipsTodo

highlight default link tipsDeclaration Keyword
highlight default link tipsItem Statement
highlight default link tipsModifier StorageClass
highlight default link tipsStep Statement
highlight default link tipsStepWord Keyword
highlight default link tipsBoolean Boolean
highlight default link tipsType Type
highlight default link tipsDuration Number
highlight default link tipsNumber Number
highlight default link tipsQuery Function
highlight default link tipsOperator Operator
highlight default link tipsString String
highlight default link tipsEscape SpecialChar
highlight default link tipsSpecial Special
highlight default link tipsComment Comment
highlight default link tipsDocComment SpecialComment
highlight default link tipsBlockComment Comment
highlight default link tipsTodo Todo

let b:current_syntax = "tips"
