// Pictures are Pixels' `RGBImage` (ImageView, Canvas.place, the encoders): a client of
// TerminalUI sees it without importing Pixels itself.
@_exported import Pixels
