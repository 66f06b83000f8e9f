" .tips files are the tips language.
autocmd BufRead,BufNewFile *.tips setfiletype tips
