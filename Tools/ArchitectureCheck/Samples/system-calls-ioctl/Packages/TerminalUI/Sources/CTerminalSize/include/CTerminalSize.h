int cterminalsize_columns(int fd);
