int sixel_stand_in(void);
