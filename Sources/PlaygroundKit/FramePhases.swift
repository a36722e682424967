/// When a drawn frame's phases began and ended, in monotonic seconds.
struct FramePhases {
  /// The update began.
  var start: Double
  /// The update and lowering were done; drawing began.
  var built: Double
  /// The drawing was submitted and flushed.
  var drawn: Double
  /// The frame was handed to the display, after any hold for a paced present time.
  var handedOver: Double
  /// The present returned.
  var presented: Double

  /// Seconds spent updating and lowering.
  var build: Double { built - start }
  /// Seconds spent drawing and flushing.
  var submit: Double { drawn - built }
  /// Seconds the present took.
  var present: Double { presented - handedOver }
}
