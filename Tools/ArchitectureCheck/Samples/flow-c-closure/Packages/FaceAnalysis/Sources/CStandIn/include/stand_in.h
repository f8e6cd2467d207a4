int stand_in(void);
