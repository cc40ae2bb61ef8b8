^cut-short(>=[0-9]+)?
$
